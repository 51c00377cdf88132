import { expect } from "vitest";
import { DateTime } from "luxon";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { createTrip } from "@/lib/trips/manage-trips";
import { getItinerary, postOp } from "@/lib/trips/testing/trip-fixture";

const simulations = await routeModule("/v1/weather/simulations");

/** Local wall time in Lisbon, `days` from today (inside the simulated provider's horizon). */
export const lisbon = (days: number, hh: number, mm = 0) =>
  DateTime.now()
    .setZone("Europe/Lisbon")
    .startOf("day")
    .plus({ days, hours: hh, minutes: mm })
    .toISO({ suppressMilliseconds: true })!;

/** A sandbox trip: a Sintra walk on day 3 under an injected thunderstorm, a museum and a dinner in Lisbon. */
export async function stormyTrip(opts: { locale?: string } = {}) {
  const owner = await makeUser({ plan: "pro", environment: "sandbox" });
  // The owner's language: the planner writes its texts in it (docs/decisions/0111).
  if (opts.locale)
    await (await getDb()).execute(sql`UPDATE users SET locale = ${opts.locale} WHERE id = ${owner.userId}`);
  const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
  const token = await owner.token();
  const ids: Record<string, number> = {};
  const events = {
    sintra: {
      type: "activity",
      title: "Sintra walk",
      location: "Sintra",
      startDateTime: lisbon(3, 12),
      endDateTime: lisbon(3, 15),
    },
    museum: {
      type: "activity",
      title: "Gulbenkian museum",
      location: "Lisbon",
      activityType: "museum",
      startDateTime: lisbon(3, 16),
      endDateTime: lisbon(3, 18),
    },
    dinner: {
      type: "food",
      title: "Dinner",
      location: "Lisbon",
      startDateTime: lisbon(3, 20),
      endDateTime: lisbon(3, 22),
    },
  };
  let rev = 0;
  for (const [name, payload] of Object.entries(events)) {
    const r = await postOp(token, trip.trip_id, { base_revision: rev++, type: "add_event", payload });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    ids[name] = r.body.result.affected_event_ids[0];
  }
  const sintra = (await getItinerary(token, trip.trip_id)).body.events.find((e: { id: number }) => e.id === ids.sintra);
  const inj = await call(simulations.POST, {
    method: "POST",
    path: "/v1/weather/simulations",
    bearer: await owner.key(["weather:read"]),
    body: {
      lat: sintra.geo.lat,
      lng: sintra.geo.lng,
      kind: "thunderstorm",
      starts_at: lisbon(3, 11),
      ends_at: lisbon(3, 16),
    },
  });
  expect(inj.status, JSON.stringify(inj.body)).toBe(201);
  return { tripId: trip.trip_id, owner, token, ids, revision: rev };
}
