import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { openApiDocument } from "@/lib/registry/openapi-document";

const CLI = path.resolve(import.meta.dirname, "../../node_modules/@redocly/cli/bin/cli.js");

it("redocly lint (recommended rules) reports 0 errors and 0 warnings on the served document", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "openapi-lint-"));
  try {
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(openApiDocument()));
    let out: string;
    try {
      out = execFileSync(process.execPath, [CLI, "lint", file, "--format=json"], {
        encoding: "utf8",
        // No telemetry or update checks: tests never call the internet.
        env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
    } catch (err) {
      out = String((err as { stdout?: string }).stdout ?? "");
    }
    const report = JSON.parse(out.slice(out.indexOf("{"))) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location?: Array<{ pointer?: string }> }>;
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? "?"}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
