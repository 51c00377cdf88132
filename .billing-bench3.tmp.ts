import * as healthz from "@/app/api/healthz/route";
import { verifyApiKey } from "@/lib/auth/verify-api-key";
import { makeUser } from "@/lib/testing/fixtures";
import { weatherMeter } from "@/lib/billing/meter";

const users = await Promise.all([0,1,2,3].map(() => makeUser({ plan: "pro" })));
const principals = await Promise.all(users.map(async (u) => verifyApiKey(await u.key(["weather:read"]))));
const billed = weatherMeter<any>({ endpoint: "x", charge: () => ({ units: 2, timeline_items: 1 }) });
let k = 0;
const fns: Record<string, () => Promise<unknown>> = {
  healthz: () => healthz.GET(new Request("http://localhost/api/healthz")),
  reserveOneAccount: async () => (await billed.start({ principal: principals[0] })).finish("success"),
  reserve4Accounts: async () => (await billed.start({ principal: principals[k++ % 4] })).finish("success"),
};
async function run(name: string, n = 3000, conc = 64) {
  let i = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: conc }, async () => { while (i++ < n) await fns[name](); }));
  return Math.round((n / (performance.now() - t0)) * 1000);
}
for (let r = 0; r < 2; r++) {
  const out: Record<string, number> = {};
  for (const k of Object.keys(fns)) out[k] = await run(k);
  console.log(JSON.stringify(out));
}
process.exit(0);
