import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { watchBody } from "@/lib/watches/testing/watch-fixtures";
import { skipReason, startCluster, type Cluster } from "./cluster";

/**
 * Idempotency-Key across 3 real `next start` instances on one Postgres (issue 29, item 5): the
 * requests of one key race on every instance at once; the first writer wins in the database.
 */
const reason = skipReason();
if (reason) console.warn(`[skipped] idempotency multi-instance tests: ${reason}.`);
const suite = reason ? describe.skip : describe;

const KEYS = Number(process.env.IDEMPOTENCY_KEYS ?? 10);
const RACERS = 20;
let t: TestDatabase;
let cluster: Cluster;
let user: TestUser;
let apiKey: string;

async function post(base: string, idem: string, body: unknown) {
  const r = await fetch(`${base}/v1/weather/watch`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json", "idempotency-key": idem },
    body: JSON.stringify(body),
  });
  return { status: r.status, replayed: r.headers.get("idempotent-replayed") === "true", body: (await r.json()) as any };
}

suite("Idempotency-Key on 3 instances", () => {
  beforeAll(async () => {
    t = await createTestDatabase({ poolSize: 5 });
    cluster = await startCluster({
      n: 3,
      basePort: Number(process.env.MULTI_BASE_PORT ?? 3710) + 60,
      databaseUrl: t.url!,
      env: { WEATHER_PROVIDER: "simulated" },
    });
    user = await makeUser({ plan: "pro" });
    apiKey = await user.key(["weather:watch"]);
  }, 150_000);

  afterAll(async () => {
    await cluster?.stop();
    await t?.close();
  });

  it(`${KEYS} keys, each sent by ${RACERS} concurrent requests spread over the instances: one watch per key`, async () => {
    const ids = new Set<string>();
    let inUse = 0;
    let replays = 0;
    for (let k = 0; k < KEYS; k++) {
      const idem = randomUUID();
      const body = watchBody({ latitude: 38.7 + k * 0.01 });
      const results = await Promise.all(
        Array.from({ length: RACERS }, (_, i) => post(cluster.instances[i % 3].url, idem, body)),
      );
      const firsts = results.filter((r) => r.status === 201 && !r.replayed);
      expect(firsts, JSON.stringify(results.map((r) => r.status))).toHaveLength(1);
      for (const r of results) {
        if (r.status === 409) {
          expect(r.body.error.code).toBe("idempotency_key_in_use");
          inUse++;
        } else {
          expect(r.status).toBe(201);
          expect(r.body.data.watch_id).toBe(firsts[0].body.data.watch_id);
          if (r.replayed) replays++;
        }
      }
      ids.add(firsts[0].body.data.watch_id);
      // Every instance replays it; a different body is refused on every instance.
      for (const x of cluster.instances) {
        const again = await post(x.url, idem, body);
        expect(again.status).toBe(201);
        expect(again.replayed).toBe(true);
        expect(again.body.data.watch_id).toBe(firsts[0].body.data.watch_id);
        const other = await post(x.url, idem, { ...body, outdoor: false });
        expect(other.status).toBe(422);
        expect(other.body.error.code).toBe("idempotency_key_reused");
      }
    }
    const row = await queryOne<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM watches WHERE account_id = ${user.accountId}::uuid`,
    );
    expect(row!.n).toBe(KEYS);
    expect(ids.size).toBe(KEYS);
    console.log(
      `[idempotency multi] ${KEYS} keys x ${RACERS} racers on 3 instances: ${KEYS} watches, ${inUse} x 409 in progress, ${replays} racing replays`,
    );
  });
});
