import { expect, type APIRequestContext } from "@playwright/test";
import { DateTime } from "luxon";

/**
 * The specs' shared trip: a morning flight from Zürich to Lisbon tomorrow, then whatever each spec
 * adds in Lisbon. Times are wall times in each place's zone, inside the simulated provider's horizon.
 */

/** Lisbon wall time `days` from today. */
export const lisbon = (days: number, hh: number, mm = 0) =>
  DateTime.now()
    .setZone("Europe/Lisbon")
    .startOf("day")
    .plus({ days, hours: hh, minutes: mm })
    .toISO({ suppressMilliseconds: true })!;

/** Tomorrow's 07:05 from Zürich (Zürich time), landing 08:50 in Lisbon (Lisbon time). */
export const zurichLisbonFlight = () => ({
  type: "flight",
  title: "Zurich → Lisbon",
  departureAirport: "ZRH",
  arrivalAirport: "LIS",
  // Zürich's 07:05 on the landing's Lisbon date: from 23:00 UTC Zürich's "today" is already Lisbon's tomorrow.
  startDateTime: DateTime.fromISO(`${lisbon(1, 0).slice(0, 10)}T07:05`, { zone: "Europe/Zurich" }).toISO(),
  endDateTime: lisbon(1, 8, 50),
  timeZone: "Europe/Zurich",
});

/** The stay in the Chiado from the flight's afternoon to the morning two days later. */
export const casaDoChiado = () => ({
  type: "accommodation",
  title: "Casa do Chiado",
  address: "Rua Garrett 120, 1200-205 Lisboa",
  startDateTime: lisbon(1, 15),
  endDateTime: lisbon(3, 11),
});

/**
 * Creates a trip in Lisbon's zone (as the caller `headers` name: a bearer token or the portal
 * session's origin) that starts with the flight from Zürich, then `rest` in order; returns its id.
 */
export async function createZurichLisbonTrip(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  rest: object[],
): Promise<number> {
  const created = await request.post("/v1/trips", { headers, data: { name, time_zone: "Europe/Lisbon" } });
  expect(created.status(), await created.text()).toBe(201);
  const tripId = (await created.json()).trip_id as number;
  for (const [i, payload] of [zurichLisbonFlight(), ...rest].entries()) {
    const r = await request.post(`/v1/trips/${tripId}/ops`, {
      headers,
      data: { base_revision: i, type: "add_event", payload },
    });
    expect(r.status(), await r.text()).toBe(200);
  }
  return tripId;
}
