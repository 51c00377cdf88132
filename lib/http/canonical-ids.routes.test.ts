import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyApiKey } from "@/lib/auth/verify-api-key";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeTrip, sampleEvent } from "@/lib/trips/testing/trip-fixture";
import { routeModule } from "@/lib/testing/route-registry";
import { CANONICAL_INT_ID, intId } from "./ids";

const tripRoute = await routeModule("/v1/trips/{tripId}");
const tripEventsRoute = await routeModule("/api/trips/{tripId}/events");
const eventRoute = await routeModule("/api/events/{eventId}");
const keyById = await routeModule("/api/developer/keys/{keyId}");
const tokenById = await routeModule("/api/developer/tokens/{tokenId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

/** Every other spelling Number() (and so z.coerce) reads as the id n. */
const aliases = (n: number) => [
  `0x${n.toString(16)}`,
  `0b${n.toString(2)}`,
  `0o${n.toString(8)}`,
  `${n}e0`,
  `+${n}`,
  `${n}.0`,
  `0${n}`,
  ` ${n}`,
  `${n} `,
  `${n}.`,
];

function expectNotFound(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(404);
  expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  const code = res.body.error?.code ?? res.body.code;
  expect(code).toBe("not_found");
}

describe("integer path ids: one canonical form", () => {
  it("the parser takes decimal digits without sign or leading zero, up to 16 digits, within integer range", () => {
    expect(intId().safeParse("1").data).toBe(1);
    expect(intId().safeParse("2147483647").data).toBe(2147483647);
    for (const bad of [
      ...aliases(1),
      "0",
      "-1",
      "",
      "1,0",
      "١",
      "2147483648",
      "99999999999999999",
      "Infinity",
      "NaN",
    ]) {
      expect(intId().safeParse(bad).success, bad).toBe(false);
    }
    expect(CANONICAL_INT_ID.test("9999999999999999")).toBe(true);
    expect(CANONICAL_INT_ID.test("10000000000000000")).toBe(false);
  });

  it("/v1/trips/{alias} is 404 on the trip that the canonical id reads", async () => {
    const f = await makeTrip();
    const ok = await call(tripRoute.GET, {
      path: `/v1/trips/${f.tripId}`,
      params: { tripId: String(f.tripId) },
      bearer: f.ownerToken,
    });
    expect(ok.status).toBe(200);
    for (const a of aliases(f.tripId)) {
      expectNotFound(
        await call(tripRoute.GET, {
          path: `/v1/trips/${encodeURIComponent(a)}`,
          params: { tripId: a },
          bearer: f.ownerToken,
        }),
      );
    }
  });

  it("/api/events/{alias} (PATCH, DELETE) is 404 and changes nothing", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["read", "write", "delete"]);
    const created = await call(tripEventsRoute.POST, {
      method: "POST",
      path: `/api/trips/${f.tripId}/events`,
      params: { tripId: String(f.tripId) },
      bearer: key,
      body: sampleEvent(),
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    for (const a of aliases(id)) {
      expectNotFound(
        await call(eventRoute.PATCH, {
          method: "PATCH",
          path: `/api/events/${a}`,
          params: { eventId: a },
          bearer: key,
          body: { title: "renamed" },
        }),
      );
      expectNotFound(
        await call(eventRoute.DELETE, {
          method: "DELETE",
          path: `/api/events/${a}`,
          params: { eventId: a },
          bearer: key,
        }),
      );
    }
    const list = await call(tripEventsRoute.GET, {
      path: `/api/trips/${f.tripId}/events`,
      params: { tripId: String(f.tripId) },
      bearer: key,
    });
    expect(list.status).toBe(200);
    const events = Array.isArray(list.body) ? list.body : (list.body.data ?? list.body.events);
    expect(events.find((e: { id: number }) => e.id === id)?.title).toBe(sampleEvent().title);
  });

  it("DELETE /api/developer/keys/+1 and /api/developer/tokens/0x1 revoke nothing", async () => {
    const f = await makeTrip();
    const key = await f.owner.key(["weather:read", "write"]);
    const keyId = (await verifyApiKey(key)).keyId;
    for (const a of aliases(keyId)) {
      expectNotFound(
        await call(keyById.DELETE, {
          method: "DELETE",
          path: `/api/developer/keys/${a}`,
          params: { keyId: a },
          bearer: key,
        }),
      );
    }
    expect((await verifyApiKey(key)).keyId).toBe(keyId);
    const tokens = await call(tokenById.DELETE, {
      method: "DELETE",
      path: "/api/developer/tokens/0x1",
      params: { tokenId: "0x1" },
      bearer: key,
    });
    expectNotFound(tokens);
  });
});
