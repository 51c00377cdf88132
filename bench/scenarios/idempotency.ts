import { randomUUID } from "node:crypto";
import { closedLoop } from "../closed-loop";
import { requestJson } from "../http-json";
import type { BenchContext, BenchScenario } from "../types";

/**
 * Idempotency-Key overhead (issue 29): POST /v1/weather/watch without a key, with a fresh key per
 * request (claim + store: two statements more), without again (A/B/A: the machine's drift cancels),
 * then replays of stored keys (nothing runs, nothing billed). Closed-loop clients: each request
 * needs its own key, which autocannon's cycling request list cannot give 64 connections.
 */
const CLIENTS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** One window for the whole run: a replay must send the very same body. */
const START = new Date(Date.now() + 48 * 3600_000);

function watchBody(i: number) {
  const start = START;
  return {
    latitude: 38.7 + (i % 50) * 0.01,
    longitude: -9.1,
    activity_type: "walking_tour",
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 4 * 3600_000).toISOString(),
    webhook_url: "https://hooks.example.com/bench",
  };
}

async function activeWatches(ctx: BenchContext, key: string): Promise<number> {
  const r = await requestJson(`${ctx.baseUrl}/v1/usage`, "GET", { authorization: `Bearer ${key}` });
  return r.body.data.usage.active_watches.used;
}

function phase(ctx: BenchContext, title: string, key: string, idem: (client: number, n: number) => string | undefined) {
  let n = 0;
  return closedLoop({
    title,
    clients: CLIENTS,
    seconds: SECONDS,
    async step(c) {
      const i = n++;
      const k = idem(c, i);
      const headers: Record<string, string> = { authorization: `Bearer ${key}` };
      if (k !== undefined) headers["idempotency-key"] = k;
      const r = await requestJson(
        `${ctx.baseUrl}/v1/weather/watch`,
        "POST",
        headers,
        watchBody(k === undefined ? i : c),
      );
      return r.status === 201 ? "ok" : "error";
    },
  });
}

export const scenarios: BenchScenario[] = [
  {
    name: "idempotency: POST /v1/weather/watch with and without Idempotency-Key",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const plainA = await phase(ctx, "POST /v1/weather/watch (no key, A)", dev.key, () => undefined);
      const keyed = await phase(ctx, "POST /v1/weather/watch (fresh Idempotency-Key)", dev.key, () => randomUUID());
      const plainB = await phase(ctx, "POST /v1/weather/watch (no key, A again)", dev.key, () => undefined);
      // Replays: one stored key per client (its first request runs, every later one is replayed).
      const replayKeys = Array.from({ length: CLIENTS }, () => randomUUID());
      const before = await activeWatches(ctx, dev.key);
      const replay = await phase(ctx, "POST /v1/weather/watch (replay of a stored key)", dev.key, (c) => replayKeys[c]);
      const created = (await activeWatches(ctx, dev.key)) - before;
      const plain = (plainA.rps + plainB.rps) / 2;
      const overhead = plain > 0 ? (100 * (plain - keyed.rps)) / plain : 0;
      ctx.record({ ...plainA, note: "create, 1 unit" });
      ctx.record({
        ...keyed,
        note: `${overhead.toFixed(1)}% fewer req/s than the mean of the A runs (${Math.round(plain)})`,
      });
      ctx.record({ ...plainB, note: "create, 1 unit" });
      ctx.record({ ...replay, note: `stored answer, 0 units; ${created} watches created (one per key)` });
      ctx.check(
        "replays create nothing: one watch per key",
        created === CLIENTS,
        `${created} watches created by ${replay.requests} requests over ${CLIENTS} keys`,
      );
      ctx.check(
        "no request failed",
        plainA.non2xx + keyed.non2xx + plainB.non2xx + replay.non2xx === 0,
        `non-2xx: ${plainA.non2xx}/${keyed.non2xx}/${plainB.non2xx}/${replay.non2xx}`,
      );
      return {
        idempotency_overhead_pct: Number(overhead.toFixed(1)),
        replay_rps: replay.rps,
        plain_rps: Math.round(plain),
        keyed_rps: keyed.rps,
      };
    },
  },
];
