import { DateTime } from "luxon";
import { placeResolver } from "../../lib/geo/resolve-place";
import { requestJson } from "../http-json";
import type { BenchScenario } from "../types";

/**
 * Trip weather (issue 33): GET /v1/trips/{id}/weather for a 14-day trip of 60 events across a
 * few Portuguese places (flights, stays, walks, meals), with a warm snapshot cache; and the
 * gazetteer's lookups per second, measured in process (it never touches the network or the DB).
 */
const PLACES = [
  "Lisboa",
  "Sintra day trip",
  "Cascais",
  "Porto",
  "Rua das Flores 103, Lisboa",
  "Évora",
  "Óbidos",
  "Coimbra",
];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function tripEvents(): Array<Record<string, unknown>> {
  const day0 = DateTime.now().setZone("Europe/Lisbon").startOf("day").plus({ days: 1 });
  const out: Array<Record<string, unknown>> = [
    {
      type: "flight",
      title: "Zurich → Lisbon",
      departureAirport: "ZRH",
      arrivalAirport: "LIS",
      startDateTime: day0.plus({ hours: 7 }).toISO(),
      endDateTime: day0.plus({ hours: 9 }).toISO(),
      timeZone: "Europe/Lisbon",
    },
    {
      type: "accommodation",
      title: "Stay",
      address: "Rua Garrett 120, 1200-205 Lisboa",
      startDateTime: day0.plus({ hours: 15 }).toISO(),
      endDateTime: day0.plus({ days: 13, hours: 11 }).toISO(),
      timeZone: "Europe/Lisbon",
    },
  ];
  for (let i = 0; out.length < 59; i++) {
    const day = day0.plus({ days: Math.floor(i / 4) % 14, hours: 9 + (i % 4) * 3 });
    const type = i % 4 === 3 ? "food" : "activity";
    out.push({
      type,
      title: type === "food" ? `Dinner ${i}` : `Walk ${i}`,
      location: PLACES[i % PLACES.length],
      startDateTime: day.toISO(),
      endDateTime: day.plus({ hours: 2 }).toISO(),
      timeZone: "Europe/Lisbon",
    });
  }
  out.push({
    type: "flight",
    title: "Lisbon → Zurich",
    departureAirport: "LIS",
    arrivalAirport: "ZRH",
    startDateTime: day0.plus({ days: 13, hours: 18 }).toISO(),
    endDateTime: day0.plus({ days: 13, hours: 22 }).toISO(),
    timeZone: "Europe/Lisbon",
  });
  return out;
}

export const scenarios: BenchScenario[] = [
  {
    name: "trips: trip weather and gazetteer",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      // Billed like timeline items: lift the caps so the load measures the path, not the quota.
      await ctx.admin("set-plan", {
        email: dev.email,
        requestsPerMonth: 1_000_000_000,
        timelineItemsPerMonth: 1_000_000_000,
      });
      const auth = { authorization: `Bearer ${dev.token}` };
      const start = DateTime.now().setZone("Europe/Lisbon").plus({ days: 1 }).toISODate();
      const end = DateTime.now().setZone("Europe/Lisbon").plus({ days: 14 }).toISODate();
      const trip = await requestJson(`${ctx.baseUrl}/v1/trips`, "POST", auth, {
        name: "bench weather",
        time_zone: "Europe/Lisbon",
        start_date: start,
        end_date: end,
      });
      if (trip.status !== 201) throw new Error(`create trip: ${trip.status} ${JSON.stringify(trip.body)}`);
      const id = trip.body.trip_id as number;
      for (const [i, payload] of tripEvents().entries()) {
        const r = await requestJson(`${ctx.baseUrl}/v1/trips/${id}/ops`, "POST", auth, {
          base_revision: i,
          type: "add_event",
          payload,
        });
        if (r.status !== 200) throw new Error(`seed op ${i}: ${r.status} ${JSON.stringify(r.body)}`);
      }
      const warm = await requestJson(`${ctx.baseUrl}/v1/trips/${id}/weather`, "GET", auth);
      const placed = (warm.body.events as Array<{ geo: unknown }>).filter((e) => e.geo).length;
      ctx.check(
        "trip weather: 60 events, all placed, 14 days",
        warm.status === 200 && warm.body.events.length === 60 && placed === 60 && warm.body.days.length === 14,
        `status ${warm.status}, ${warm.body.events?.length} events, ${placed} placed, ${warm.body.days?.length} days`,
      );
      await ctx.load({
        title: "GET /v1/trips/{id}/weather (60 events, 14 days, warm cache)",
        path: `/v1/trips/${id}/weather`,
        headers: auth,
        target: 0.5,
      });

      // Gazetteer lookups per second, in this process (the same index the server builds once).
      const resolver = await placeResolver();
      const texts = [
        "Sintra day trip",
        "Rua Garrett 120, 1200-205 Lisboa",
        "Paris",
        "Zurich old town walk",
        "Rua das Flores 103",
        "Cascais",
      ];
      const nearby = [{ lat: 38.7813, lng: -9.1359 }];
      let n = 0;
      const t0 = performance.now();
      while (performance.now() - t0 < Math.min(3, SECONDS) * 1000) {
        await resolver.lookupText(texts[n % texts.length], { zone: "Europe/Lisbon", nearby: () => nearby });
        n++;
      }
      const secs = (performance.now() - t0) / 1000;
      const perUs = (secs * 1e6) / n;
      ctx.record({
        title: "gazetteer lookups (in process, 6 texts incl. ambiguous ones)",
        rps: Math.round(n / secs),
        p50: perUs / 1000,
        p99: perUs / 1000,
        non2xx: 0,
        errors: 0,
        requests: n,
        note: `${perUs.toFixed(1)} µs per lookup (mean); p50/p99 columns: mean ms`,
      });
      return { gazetteer_lookups_per_s: Math.round(n / secs) };
    },
  },
];
