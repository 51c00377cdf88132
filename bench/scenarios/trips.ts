import type { BenchContext, BenchScenario } from "../types";

/**
 * Issue 5 (trips): revision-checked ops throughput. Autocannon cannot follow a
 * changing base_revision, so these run their own closed-loop clients: each
 * posts an op, and on 409 STALE_REVISION retries with the current_revision the
 * error carries (the documented recovery, minus the diff read).
 */
const CLIENTS = 64;
const DURATION_MS = 10_000;

interface LoopResult {
  applied: number;
  stale: number;
  other: number;
  latencies: number[];
}

async function createTrip(ctx: BenchContext, token: string, name: string): Promise<number> {
  const res = await fetch(`${ctx.baseUrl}/v1/trips`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ name, time_zone: "Europe/Paris" }),
  });
  if (res.status !== 201) throw new Error(`create trip: ${res.status} ${await res.text()}`);
  return (await res.json()).trip_id;
}

async function client(ctx: BenchContext, token: string, tripId: number, until: number, out: LoopResult) {
  let base = 0;
  let i = 0;
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/v1/trips/${tripId}/ops`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        base_revision: base,
        type: "add_event",
        payload: { type: "activity", title: `bench ${i++}`, startDateTime: "2026-05-01T10:00:00+02:00" },
      }),
    });
    out.latencies.push(performance.now() - t0);
    const body = await res.json().catch(() => ({}));
    if (res.status === 200) {
      out.applied++;
      base = body.new_revision;
    } else if (res.status === 409 && body.code === "STALE_REVISION") {
      out.stale++;
      base = body.current_revision;
    } else {
      out.other++;
    }
  }
}

async function run(ctx: BenchContext, tripsCount: number): Promise<Record<string, number | string>> {
  const dev = await ctx.newDeveloper("pro");
  const trips: number[] = [];
  for (let i = 0; i < tripsCount; i++) trips.push(await createTrip(ctx, dev.token, `bench ${i}`));
  const out: LoopResult = { applied: 0, stale: 0, other: 0, latencies: [] };
  const until = Date.now() + DURATION_MS;
  await Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(ctx, dev.token, trips[c % trips.length], until, out)));
  const sorted = out.latencies.sort((a, b) => a - b);
  const pct = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  const seconds = DURATION_MS / 1000;
  return {
    "applied ops/s": +(out.applied / seconds).toFixed(1),
    "requests/s": +((out.applied + out.stale + out.other) / seconds).toFixed(1),
    "409 STALE share": `${((100 * out.stale) / Math.max(1, out.applied + out.stale)).toFixed(1)}%`,
    "other errors": out.other,
    "p50/p99 ms": `${pct(0.5)}/${pct(0.99)}`,
  };
}

export const scenarios: BenchScenario[] = [
  { name: "trips: ops on one trip, 64 clients (contention)", run: (ctx) => run(ctx, 1) },
  { name: "trips: ops across 64 trips, 64 clients", run: (ctx) => run(ctx, 64) },
];
