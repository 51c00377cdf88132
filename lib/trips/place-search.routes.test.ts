import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

// GET /v1/places: the gazetteer trip events are resolved with, searchable by name (issue 42 item 5).
const placesRoute = await routeModule("/v1/places");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("GET /v1/places", () => {
  it("finds Sintra (and Zürich without its accent), exact names first, then by population", async () => {
    const key = await (await makeUser()).key(["read"]);
    const sintra = await call(placesRoute.GET, { path: "/v1/places?q=sintra", bearer: key });
    expect(sintra.status, sintra.text).toBe(200);
    expect(sintra.body.places[0]).toMatchObject({
      name: "Sintra",
      label: "Sintra, Portugal",
      country_code: "PT",
      time_zone: "Europe/Lisbon",
    });
    expect(Math.abs(sintra.body.places[0].lat - 38.8)).toBeLessThan(0.2);

    const zurich = await call(placesRoute.GET, { path: "/v1/places?q=zurich&limit=3", bearer: key });
    expect(zurich.body.places[0]).toMatchObject({ name: "Zürich", country_code: "CH" });
    expect(zurich.body.places.length).toBeLessThanOrEqual(3);

    // A prefix: no town is called "Lisb", so the largest "Lisb…" comes first, the rest by population.
    const lis = await call(placesRoute.GET, { path: "/v1/places?q=Lisb&limit=5", bearer: key });
    const names = lis.body.places.map((p: { name: string }) => p.name);
    expect(names[0]).toBe("Lisbon");
    const pops = lis.body.places.map((p: { population: number }) => p.population);
    expect(pops).toEqual([...pops].sort((a, b) => b - a));
    // An exact name outranks a bigger prefix match ("Lis" is a town; Lisbon is far larger).
    const exact = await call(placesRoute.GET, { path: "/v1/places?q=lis&limit=5", bearer: key });
    expect(exact.body.places[0].name).toBe("Lis");
    expect(exact.body.places.map((p: { name: string }) => p.name)).toContain("Lisbon");
  });

  it("refuses a one-letter or missing query with the documented envelope, and an anonymous caller", async () => {
    const key = await (await makeUser()).key(["read"]);
    for (const path of ["/v1/places?q=s", "/v1/places", "/v1/places?q=ab&limit=0"]) {
      const res = await call(placesRoute.GET, { path, bearer: key });
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    }
    expect((await call(placesRoute.GET, { path: "/v1/places?q=sintra" })).status).toBe(401);
  });
});
