import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { createTrip } from "@/lib/trips/manage-trips";
import { addMember } from "@/lib/trips/manage-members";
import { readPortalFocus } from "./portal-focus";
import { isTripPortalPath } from "./portal-paths";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("readPortalFocus (issue 42 item 2: a trip-only member gets the trip portal)", () => {
  it("a member of someone else's trip with nothing built gets the trip portal; building anything brings the console back", async () => {
    const owner = await makeUser();
    const member = await makeUser();
    expect(await readPortalFocus(member.userId, member.accountId, undefined)).toBe("developer");
    const trip = await createTrip(owner.userId, { name: "Lisbon", time_zone: "Europe/Lisbon" });
    await addMember(trip.trip_id, owner.userId, member.email, "viewer");
    expect(await readPortalFocus(member.userId, member.accountId, undefined)).toBe("trips");
    // The trip's creator stays a developer; so does anyone who chose the console.
    expect(await readPortalFocus(owner.userId, owner.accountId, undefined)).toBe("developer");
    expect(await readPortalFocus(member.userId, member.accountId, "developer")).toBe("developer");
    await member.token();
    expect(await readPortalFocus(member.userId, member.accountId, undefined)).toBe("developer");
  });

  it("an API key in the account means a developer", async () => {
    const owner = await makeUser();
    const member = await makeUser();
    const trip = await createTrip(owner.userId, { name: "Porto", time_zone: "Europe/Lisbon" });
    await addMember(trip.trip_id, owner.userId, member.email, "editor");
    expect(await readPortalFocus(member.userId, member.accountId, undefined)).toBe("trips");
    await member.key(["weather:read"]);
    expect(await readPortalFocus(member.userId, member.accountId, undefined)).toBe("developer");
  });

  it("the trip portal's paths", () => {
    expect(isTripPortalPath("/trips")).toBe(true);
    expect(isTripPortalPath("/trips/12")).toBe(true);
    expect(isTripPortalPath("/tripsx")).toBe(false);
    expect(isTripPortalPath("/keys")).toBe(false);
  });
});
