import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { listTrips } from "@/lib/trips/manage-trips";
import { tripCommands } from "./trips";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("admin trip commands", () => {
  it("create-trip returns the trip id; add-member gives a role", async () => {
    const owner = await makeUser();
    const friend = await makeUser();
    const flags = tripCommands["create-trip"].flags.parse({
      ownerEmail: owner.email,
      name: "Lisbon",
      timezone: "Europe/Lisbon",
    });
    const created = await tripCommands["create-trip"].run(flags);
    expect(Object.keys(created)).toEqual(["trip_id"]);
    const tripId = created.trip_id as number;
    await tripCommands["add-member"].run(
      tripCommands["add-member"].flags.parse({ tripId: String(tripId), email: friend.email, role: "planner" }),
    );
    expect(await listTrips(friend.userId)).toEqual([
      expect.objectContaining({ trip_id: tripId, role: "planner", time_zone: "Europe/Lisbon" }),
    ]);
    expect(
      tripCommands["create-trip"].flags.safeParse({ ownerEmail: owner.email, name: "x", timezone: "Mars/Base" })
        .success,
    ).toBe(false);
    expect(
      tripCommands["add-member"].flags.safeParse({ tripId: "1", email: friend.email, role: "captain" }).success,
    ).toBe(false);
  });
});
