import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne } from "@/lib/db/sql";
import { makeUser } from "@/lib/testing/fixtures";
import { reserveQuota } from "@/lib/billing/reserve-quota";
import { PLAN_LIMITS } from "@/lib/billing/plans";

const u = await makeUser({ plan: "pro" });
const db = await getDb();
const charge = (endpoint: string) => ({ accountId: u.accountId, periodKey: "2026-11-01", day: "2026-11-22", endpoint, units: 1, amounts: { requests: 1, timeline_items: 0, route_calls: 0 }, limits: { ...PLAN_LIMITS.pro, requests: 100_000_000 } });
const fns: Record<string, () => Promise<unknown>> = {
  select1: () => queryOne(db, sql`select 1`),
  full: () => reserveQuota(db, charge("e")),
  counterOnly: () => queryOne(db, sql`INSERT INTO usage_counters AS u (account_id, period, requests) VALUES (${u.accountId}::uuid, '2026-11-01', 1) ON CONFLICT (account_id, period) DO UPDATE SET requests = u.requests + 1 WHERE u.requests + 1 <= 100000000 RETURNING u.requests`),
};
async function run(name: string, n = 4000, conc = 64) {
  let i = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) await fns[name](); }));
  return Math.round((n / (performance.now() - t0)) * 1000);
}
for (let r = 0; r < 3; r++) {
  const out: Record<string, number> = {};
  for (const k of Object.keys(fns)) out[k] = await run(k);
  console.log(JSON.stringify(out));
}
process.exit(0);
