import { z } from "zod";
import { importVisaFile } from "@/lib/visa/import-snapshot";
import { seedVisaSample } from "@/lib/visa/sample-data";
import { createVisaKey, HourlyLimit, setVisaKeyLimit } from "@/lib/visa/visa-keys";
import { userByEmail } from "./accounts";
import { recordCliAudit } from "@/lib/audit/record-audit";
import { command } from "./types";

export const visaCommands = {
  "import-visa": command({
    summary: "Import a Passport Index CSV (Passport,Destination,Requirement): --file F [--effective-date YYYY-MM-DD]",
    flags: z.object({ file: z.string().min(1), effectiveDate: z.string().optional() }),
    async run(f) {
      const s = await importVisaFile(f.file, { effectiveDate: f.effectiveDate });
      return {
        import_id: s.importId,
        source: s.source,
        effective_date: s.effectiveDate,
        rows: s.rows,
        baseline: s.baseline,
        changes: s.changes,
      };
    },
  }),
  "seed-visa-sample": command({
    summary: "Load the built-in SAMPLE visa data (only into a database with no visa data)",
    flags: z.object({}),
    async run() {
      return { sample_rows: await seedVisaSample() };
    },
  }),
  "create-visa-key": command({
    summary: "Create a visa API key: --email E --name N [--hourly-limit N (default 1000, max 1000000)]",
    flags: z.object({ email: z.string(), name: z.string(), hourlyLimit: HourlyLimit.optional() }),
    async run(f) {
      const { user } = await userByEmail(f.email);
      const k = await createVisaKey(
        { accountId: user.accountId, userId: user.id },
        { name: f.name, hourlyLimit: f.hourlyLimit },
      );
      await recordCliAudit({
        accountId: user.accountId,
        action: "visa_key.created",
        target: `visa_key:${k.id}`,
        details: { name: f.name, hourly_limit: f.hourlyLimit ?? null },
      });
      return { id: k.id, key: k.key };
    },
  }),
  "set-visa-limit": command({
    summary: "Change a visa key's hourly limit (1..1000000): --id N --hourly-limit N",
    flags: z.object({ id: z.coerce.number().int().positive(), hourlyLimit: HourlyLimit }),
    async run(f) {
      const r = await setVisaKeyLimit(f.id, f.hourlyLimit);
      await recordCliAudit({
        accountId: r.accountId,
        action: "visa_key.limit_changed",
        target: `visa_key:${r.id}`,
        details: { hourly_limit: r.hourlyLimit },
      });
      return { id: r.id, hourly_limit: r.hourlyLimit, revoked: r.revoked };
    },
  }),
};
