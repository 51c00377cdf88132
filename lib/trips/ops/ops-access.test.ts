import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { makeTrip } from "@/lib/trips/testing/trip-fixture";

const opsRoute = await routeModule("/v1/trips/{tripId}/ops");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

it("GET /v1/trips/{id}/ops checks membership before the query: a non-member's bad request is 404, a member's is 400", async () => {
  const f = await makeTrip();
  const stranger = await (await makeUser()).token();
  const list = (token: string, qs: string) =>
    call(opsRoute.GET, { path: `/v1/trips/${f.tripId}/ops${qs}`, params: { tripId: String(f.tripId) }, bearer: token });
  for (const qs of ["", "?since_revision=x", "?since_revision=-1"]) {
    const outsider = await list(stranger, qs);
    expect([qs, outsider.status]).toEqual([qs, 404]);
    const member = await list(f.ownerToken, qs);
    expect([qs, member.status]).toEqual([qs, 400]);
  }
  expect((await list(f.ownerToken, "?since_revision=0")).status).toBe(200);
});
