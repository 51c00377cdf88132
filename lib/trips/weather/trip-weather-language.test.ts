import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { createTrip } from "@/lib/trips/manage-trips";

// Issue 39: trip weather says its language in Content-Language, and POSIX-style tags (pt_PT, pt_pt,
// de_AT) are read as BCP-47 (underscore as hyphen; a region the API lacks falls back to the language).
const weatherRoute = await routeModule("/v1/trips/{tripId}/weather");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("GET /v1/trips/{tripId}/weather language", () => {
  it.each([
    ["pt_PT", "pt-PT"],
    ["pt_pt", "pt-PT"],
    ["de_AT", "de"],
    ["de-AT", "de"],
    ["pt-BR", "pt-BR"],
    ["", "en"],
  ])("language=%s -> Content-Language %s", async (tag, expected) => {
    const owner = await makeUser({ plan: "pro" });
    const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
    const r = await call(weatherRoute.GET, {
      path: `/v1/trips/${trip.trip_id}/weather${tag ? `?language=${tag}` : ""}`,
      params: { tripId: String(trip.trip_id) },
      bearer: await owner.token(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.headers.get("content-language")).toBe(expected);
  });

  it("a malformed tag is still refused in the error envelope", async () => {
    const owner = await makeUser({ plan: "pro" });
    const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
    const r = await call(weatherRoute.GET, {
      path: `/v1/trips/${trip.trip_id}/weather?language=pt__PT!`,
      params: { tripId: String(trip.trip_id) },
      bearer: await owner.token(),
    });
    expect(r.status).toBe(400);
  });
});
