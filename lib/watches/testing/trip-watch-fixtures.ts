import { DateTime } from "luxon";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { createTrip } from "@/lib/trips/manage-trips";

const eventsRoute = await routeModule("/api/trips/{tripId}/events");

/** Local wall time in Lisbon, `days` from today (inside the simulated provider's 8-day horizon). */
export const lisbon = (days: number, hh: number, mm = 0) =>
  DateTime.now()
    .setZone("Europe/Lisbon")
    .startOf("day")
    .plus({ days, hours: hh, minutes: mm })
    .toISO({ suppressMilliseconds: true })!;

export const postEvent = (key: string, tripId: number, body: unknown) =>
  call(eventsRoute.POST, {
    method: "POST",
    path: `/api/trips/${tripId}/events`,
    params: { tripId: String(tripId) },
    bearer: key,
    body,
  });

/**
 * The acceptance trip on a sandbox account (simulated provider): ZRH -> LIS, a stay in
 * Lisbon, a Sintra day trip (location text only) and a dinner, the day trip `sintraDay` days ahead.
 */
export async function lisbonSandboxTrip(opts: { sintraDay?: number } = {}) {
  const day = opts.sintraDay ?? 2;
  const owner = await makeUser({ plan: "pro", environment: "sandbox" });
  const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
  const key = await owner.key(["read", "write", "delete", "weather:watch", "weather:read"]);
  const ids: Record<string, number> = {};
  const events = {
    flight: {
      type: "flight",
      title: "LX 2084 Zurich → Lisbon",
      departureAirport: "ZRH",
      arrivalAirport: "LIS",
      // 07:05 Zurich time on the same calendar day as the 08:50 landing in Lisbon: from 23:00 UTC Zurich's
      // "today" is already Lisbon's tomorrow, and the flight landed before it took off.
      startDateTime: DateTime.fromISO(`${lisbon(day - 1, 0).slice(0, 10)}T07:05`, { zone: "Europe/Zurich" }).toISO(),
      endDateTime: lisbon(day - 1, 8, 50),
      timeZone: "Europe/Zurich",
    },
    stay: {
      type: "accommodation",
      title: "Casa do Chiado",
      address: "Rua Garrett 120, 1200-205 Lisboa",
      startDateTime: lisbon(day - 1, 15),
      endDateTime: lisbon(day + 2, 11),
    },
    sintra: {
      type: "activity",
      title: "Sintra day trip",
      location: "Sintra day trip",
      startDateTime: lisbon(day, 10),
      endDateTime: lisbon(day, 16),
    },
    dinner: {
      type: "food",
      title: "Dinner at Taberna da Rua das Flores",
      location: "Rua das Flores 103, Lisboa",
      startDateTime: lisbon(day, 20),
      endDateTime: lisbon(day, 22),
    },
  };
  for (const [name, body] of Object.entries(events)) {
    const r = await postEvent(key, trip.trip_id, body);
    if (r.status !== 201) throw new Error(`event ${name}: ${r.status} ${r.text}`);
    ids[name] = r.body.id;
  }
  return { owner, tripId: trip.trip_id, key, ids, token: await owner.token(), day };
}
