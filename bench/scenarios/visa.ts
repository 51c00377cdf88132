import { writeSyntheticPassportIndex } from "../synthetic-visa";
import type { BenchScenario } from "../types";

const PAIRS = [
  ["US", "FR"],
  ["IN", "TH"],
  ["NA", "ZA"],
  ["DE", "US"],
  ["BR", "PT"],
  ["JP", "CN"],
  ["GB", "AU"],
  ["CN", "JP"],
];

/**
 * Visa API on a full-size (39,402-row) synthetic matrix imported twice (so changes exist):
 * rules, check, changes; then the hourly limit under a concurrent burst (successes <= limit).
 */
export const scenarios: BenchScenario[] = [
  {
    name: "visa: rules, check, changes, hourly limit",
    async run(ctx) {
      const first = writeSyntheticPassportIndex(0);
      const second = writeSyntheticPassportIndex(1);
      await ctx.admin("import-visa", { file: first.file, effectiveDate: "2025-01-05" });
      const imported = await ctx.admin("import-visa", { file: second.file, effectiveDate: "2025-01-12" });
      const dev = await ctx.newDeveloper("pro");
      // A contract-size limit so the load measures the limiter's cost, not 429s.
      const { key } = await ctx.admin("create-visa-key", { email: dev.email, name: "bench", hourlyLimit: 1_000_000 });
      const headers = { "x-visa-intel-key": key, "content-type": "application/json" };
      await ctx.load({
        title: "POST /v1/visa/check (39,402 rows)",
        path: "/v1/visa/check",
        method: "POST",
        headers,
        target: 0.8,
        requests: PAIRS.map(([nationality, destination]) => ({
          method: "POST",
          path: "/v1/visa/check",
          headers,
          body: JSON.stringify({ nationality, destination, purpose: "tourism" }),
        })),
      });
      await ctx.load({
        title: "GET /v1/visa/rules?destinationCountryCode=FR",
        path: "/v1/visa/rules?destinationCountryCode=FR",
        headers,
      });
      await ctx.load({ title: "GET /v1/visa/changes?limit=100", path: "/v1/visa/changes?limit=100", headers });

      const limit = 300;
      const small = await ctx.admin("create-visa-key", { email: dev.email, name: "bench limit", hourlyLimit: limit });
      const hourBefore = Math.floor(Date.now() / 3_600_000);
      const statuses = await Promise.all(
        Array.from({ length: 400 }, async (_, i) => {
          const [nationality, destination] = PAIRS[i % PAIRS.length];
          const r = await fetch(`${ctx.baseUrl}/v1/visa/check`, {
            method: "POST",
            headers: { "x-visa-intel-key": small.key, "content-type": "application/json" },
            body: JSON.stringify({ nationality, destination, purpose: "tourism" }),
          });
          await r.arrayBuffer();
          return r.status;
        }),
      );
      const ok = statuses.filter((s) => s === 200).length;
      const limited = statuses.filter((s) => s === 429).length;
      const sameHour = hourBefore === Math.floor(Date.now() / 3_600_000);
      ctx.check(
        `visa: ${limit}/hour key, 400 concurrent checks`,
        sameHour ? ok === limit && limited === 100 : ok <= 2 * limit,
        `${ok} ok, ${limited} 429${sameHour ? "" : " (crossed an hour boundary)"}`,
      );
      return {
        data: `synthetic passport index, ${first.rows} rows, second import: ${JSON.stringify(imported.changes)}`,
      };
    },
  },
];
