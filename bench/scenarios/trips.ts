import { closedLoop } from "../closed-loop";
import { requestJson } from "../http-json";
import type { BenchContext, BenchScenario } from "../types";

/**
 * Trips: itinerary and diff reads; revision-checked ops (closed-loop clients that, on 409
 * STALE_REVISION, retry with the current_revision the error carries, as documented); events
 * CRUD over the key-authenticated /api routes; proposals created and accepted.
 */
const CLIENTS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const at = (i: number) =>
  `2026-05-${String(1 + (i % 28)).padStart(2, "0")}T${String(8 + (i % 12)).padStart(2, "0")}:00:00+02:00`;

function call(ctx: BenchContext, method: string, path: string, auth: string, body?: unknown) {
  return requestJson(ctx.baseUrl + path, method, { authorization: `Bearer ${auth}` }, body);
}

async function createTrip(ctx: BenchContext, token: string, name: string): Promise<number> {
  const r = await call(ctx, "POST", "/v1/trips", token, { name, time_zone: "Europe/Paris" });
  if (r.status !== 201) throw new Error(`create trip: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.trip_id;
}

async function opsRun(ctx: BenchContext, token: string, tripsCount: number, title: string, target?: number) {
  const trips: number[] = [];
  for (let i = 0; i < tripsCount; i++) trips.push(await createTrip(ctx, token, `bench ${i}`));
  const base = new Map<number, number>();
  let n = 0;
  const row = await closedLoop({
    title,
    clients: CLIENTS,
    seconds: SECONDS,
    async step(c) {
      const trip = trips[c % trips.length];
      const r = await call(ctx, "POST", `/v1/trips/${trip}/ops`, token, {
        base_revision: base.get(c) ?? 0,
        type: "add_event",
        payload: { type: "activity", title: `bench ${n++}`, startDateTime: at(n) },
      });
      if (r.status === 200) {
        base.set(c, r.body.new_revision);
        return "ok";
      }
      if (r.status === 409 && r.body?.code === "STALE_REVISION") {
        base.set(c, r.body.current_revision);
        return "retry";
      }
      return "error";
    },
  });
  ctx.record({
    ...row,
    target,
    note: `applied ops/s; ${((100 * row.retries) / Math.max(1, row.calls)).toFixed(1)}% 409 STALE`,
  });
  // Invariant: every trip's revision equals the ops applied to it (no lost or doubled bump).
  let revisions = 0;
  for (const t of trips) revisions += (await call(ctx, "GET", `/v1/trips/${t}`, token)).body.revision;
  ctx.check(
    `${title}: revisions = applied ops`,
    revisions === row.ok,
    `sum of revisions ${revisions}, applied ${row.ok}`,
  );
  return trips;
}

export const scenarios: BenchScenario[] = [
  {
    name: "trips: itinerary, diff, ops",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const trip = await createTrip(ctx, dev.token, "bench reads");
      for (let i = 0; i < 20; i++) {
        const r = await call(ctx, "POST", `/v1/trips/${trip}/ops`, dev.token, {
          base_revision: i,
          type: "add_event",
          payload: { type: "activity", title: `e${i}`, startDateTime: at(i) },
        });
        if (r.status !== 200) throw new Error(`seed op: ${r.status} ${JSON.stringify(r.body)}`);
      }
      const auth = { authorization: `Bearer ${dev.token}` };
      await ctx.load({
        title: "GET /v1/trips/{id}/itinerary (20 events)",
        path: `/v1/trips/${trip}/itinerary`,
        headers: auth,
        target: 0.8,
      });
      await ctx.load({
        title: "GET /v1/trips/{id}/ops?since_revision=15",
        path: `/v1/trips/${trip}/ops?since_revision=15`,
        headers: auth,
        target: 0.8,
      });
      await opsRun(ctx, dev.token, 1, "POST /v1/trips/{id}/ops, 1 trip (contention)");
      await opsRun(ctx, dev.token, 64, "POST /v1/trips/{id}/ops across 64 trips", 0.5);
      return {};
    },
  },
  {
    name: "trips: events CRUD (API key)",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const trip = await createTrip(ctx, dev.token, "bench events");
      const json = { authorization: `Bearer ${dev.key}`, "content-type": "application/json" };
      const created = await call(ctx, "POST", `/api/trips/${trip}/events`, dev.key, {
        type: "activity",
        title: "seed",
        startDateTime: at(0),
      });
      if (created.status !== 201) throw new Error(`create event: ${created.status} ${JSON.stringify(created.body)}`);
      const eventId = created.body.id;
      await ctx.load({ title: "GET /api/events/{id}", path: `/api/events/${eventId}`, headers: json });
      await ctx.load({
        title: "PATCH /api/events/{id}",
        path: `/api/events/${eventId}`,
        method: "PATCH",
        headers: json,
        body: JSON.stringify({ notes: "patched by bench" }),
        target: 0.5,
      });
      // A second trip collects the created events, so the list above stays small.
      const bulk = await createTrip(ctx, dev.token, "bench events bulk");
      await ctx.load({
        title: "POST /api/trips/{id}/events",
        path: `/api/trips/${bulk}/events`,
        method: "POST",
        headers: json,
        body: JSON.stringify({ type: "activity", title: "bench", startDateTime: at(3) }),
        target: 0.5,
      });
      const listed = await call(ctx, "GET", `/api/trips/${bulk}/events`, dev.key);
      const ids: number[] = (listed.body as Array<{ id: number }>).map((e) => e.id);
      for (let i = 0; i < 20; i++)
        await call(ctx, "POST", `/api/trips/${trip}/events`, dev.key, {
          type: "activity",
          title: `e${i}`,
          startDateTime: at(i),
        });
      await ctx.load({
        title: "GET /api/trips/{id}/events (21 events)",
        path: `/api/trips/${trip}/events`,
        headers: json,
      });
      const del = await closedLoop({
        title: "DELETE /api/events/{id}",
        clients: CLIENTS,
        seconds: SECONDS,
        async step() {
          const id = ids.pop();
          if (id === undefined) return "done";
          return (await call(ctx, "DELETE", `/api/events/${id}`, dev.key)).status === 200 ? "ok" : "error";
        },
      });
      ctx.record({ ...del, target: 0.5, note: ids.length === 0 ? "ran out of events to delete before time" : "" });

      // Realistic variant of the PATCH row above (which keeps measuring 64 clients on ONE event, bound
      // by that trip's row lock): each client edits its own event, 4 clients per trip over 16 trips.
      const spread: number[] = [];
      for (let t = 0; t < 16; t++) {
        const tid = await createTrip(ctx, dev.token, `bench patch ${t}`);
        for (let i = 0; i < CLIENTS / 16; i++) {
          const r = await call(ctx, "POST", `/api/trips/${tid}/events`, dev.key, {
            type: "activity",
            title: `p${t}.${i}`,
            startDateTime: at(i),
          });
          if (r.status !== 201) throw new Error(`create event: ${r.status} ${JSON.stringify(r.body)}`);
          spread.push(r.body.id);
        }
      }
      let k = 0;
      const patch = await closedLoop({
        title: "PATCH /api/events/{id}, 64 events over 16 trips",
        clients: CLIENTS,
        seconds: SECONDS,
        async step(c) {
          return (await call(ctx, "PATCH", `/api/events/${spread[c]}`, dev.key, { notes: `patched ${k++}` })).status ===
            200
            ? "ok"
            : "error";
        },
      });
      ctx.record({ ...patch, note: "each client its own event, 4 clients per trip (closed loop)" });
      return {};
    },
  },
  {
    name: "trips: proposals created and accepted",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const trips: number[] = [];
      for (let i = 0; i < 16; i++) trips.push(await createTrip(ctx, dev.token, `bench proposals ${i}`));
      let n = 0;
      const row = await closedLoop({
        title: "POST /v1/trips/{id}/proposals/{p}?action=accept",
        clients: CLIENTS,
        seconds: SECONDS,
        async step(c) {
          const trip = trips[c % trips.length];
          const p = await call(ctx, "POST", `/v1/trips/${trip}/proposals`, dev.token, {
            actor_agent_id: "bench",
            entities: [{ type: "activity", title: `proposed ${n}`, startDateTime: at(n++) }],
          });
          if (p.status !== 201) return "error";
          const a = await call(
            ctx,
            "POST",
            `/v1/trips/${trip}/proposals/${p.body.proposal_id}?action=accept`,
            dev.token,
          );
          return a.status === 200 ? "ok" : "error";
        },
      });
      ctx.record({ ...row, note: "accepts/s (each after its own create)" });

      // The accept alone: proposals raised beforehand (the row above counts create + accept pairs).
      const pending: Array<{ trip: number; id: string }> = [];
      const want = Math.max(600, SECONDS * 1000);
      await Promise.all(
        Array.from({ length: 16 }, async (_, c) => {
          for (let i = c; i < want; i += 16) {
            const trip = trips[i % trips.length];
            const p = await call(ctx, "POST", `/v1/trips/${trip}/proposals`, dev.token, {
              actor_agent_id: "bench",
              entities: [{ type: "activity", title: `queued ${i}`, startDateTime: at(i) }],
            });
            if (p.status !== 201) throw new Error(`raise proposal: ${p.status} ${JSON.stringify(p.body)}`);
            pending.push({ trip, id: p.body.proposal_id });
          }
        }),
      );
      const accepts = await closedLoop({
        title: "POST /v1/trips/{id}/proposals/{p}?action=accept (accept only)",
        clients: CLIENTS,
        seconds: SECONDS,
        async step() {
          const p = pending.pop();
          if (p === undefined) return "done";
          const a = await call(ctx, "POST", `/v1/trips/${p.trip}/proposals/${p.id}?action=accept`, dev.token);
          return a.status === 200 ? "ok" : "error";
        },
      });
      ctx.record({
        ...accepts,
        target: 0.5,
        note:
          pending.length === 0
            ? "ran out of proposals before time"
            : "accepts/s of proposals raised beforehand, 16 trips",
      });
      return {};
    },
  },
];
