import fs from "node:fs";
import path from "node:path";
import type { BenchScenario } from "../types";

// The trimmed real snapshot kept in the repository (test/fixtures/passport-index).
const SNAPSHOT = path.resolve(import.meta.dirname, "../../test/fixtures/passport-index/passport-index-tidy-iso2.csv");
const PAIRS = [["US", "FR"], ["IN", "TH"], ["NA", "ZA"], ["DE", "US"], ["BR", "PT"], ["JP", "CN"], ["GB", "AU"], ["CN", "JP"]];

/** Issue 6 (visa): POST /v1/visa/check (auth + rate unit in one statement, then one lookup) against /api/healthz. */
export const scenarios: BenchScenario[] = [
  {
    name: "visa: check vs healthz",
    async run(ctx) {
      // Real (trimmed) data when the snapshot is present, else the built-in sample.
      const data = fs.existsSync(SNAPSHOT)
        ? await ctx.admin("import-visa", { file: SNAPSHOT, effectiveDate: "2025-01-12" })
        : await ctx.admin("seed-visa-sample", {});
      const dev = await ctx.newDeveloper("pro");
      // A contract-size limit so the run measures the limiter's cost, not 429s.
      const { key } = await ctx.admin("create-visa-key", { email: dev.email, name: "bench", hourlyLimit: 1_000_000 });
      const baseline = await ctx.baselineRps();
      const headers = { "x-visa-intel-key": key, "content-type": "application/json" };
      const check = await ctx.load({
        title: "POST /v1/visa/check",
        path: "/v1/visa/check",
        method: "POST",
        headers,
        requests: PAIRS.map(([nationality, destination]) => ({
          method: "POST",
          path: "/v1/visa/check",
          headers,
          body: JSON.stringify({ nationality, destination, purpose: "tourism" }),
        })),
      });
      return {
        data: fs.existsSync(SNAPSHOT) ? `passport-index ${data.rows} rows` : "built-in sample",
        "check req/s": check.rps,
        "check p50/p99 ms": `${check.p50}/${check.p99}`,
        "non-2xx": check.non2xx,
        "ratio check/healthz": +(check.rps / baseline).toFixed(2),
      };
    },
  },
];
