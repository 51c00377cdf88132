import { postSigned, trustExtraCa } from "@/lib/webhooks/post-signed";
import { startReceiver } from "@/lib/webhooks/testing/https-receiver";
import { resolveSafeTarget, parseAllowList } from "@/lib/webhooks/ssrf";
async function main() {
  const rx = await startReceiver(); trustExtraCa(rx.cert);
  const allow = parseAllowList("127.0.0.1");
  let t = Date.now();
  let i = 0;
  await Promise.all(Array.from({ length: 32 }, async () => { while (i < 1000) { i++; const tg = await resolveSafeTarget(rx.url("/x"), allow); await postSigned(tg, {}, '{"a":1}', 10000); } }));
  console.log("posts 1000 ms", Date.now() - t, "receiver connections", rx.connections());
  await rx.close();
}
main();
