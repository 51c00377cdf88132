import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { listNotifications } from "@/lib/notifications/read-inbox";
import { makeUser } from "@/lib/testing/fixtures";
import { addMember } from "@/lib/trips/manage-members";
import { getProposalCall, resolveProposalCall } from "@/lib/trips/testing/trip-fixture";
import { raisePlannerProposal } from "./raise-planner-proposal";
import { stormyTrip } from "./testing/stormy-trip";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("Ask for a new plan on a planner proposal (issue 42 item 1)", () => {
  it("the new proposal is announced once to the other members (best option named), never to the member who asked", async () => {
    const f = await stormyTrip();
    const member = await makeUser();
    await addMember(f.tripId, null, member.email, "viewer");
    const first = await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra });
    expect(first.action).toBe("created");
    // Raised directly (not by a watch refresh): nobody has been told of the first one.
    expect((await listNotifications(member.userId)).notifications).toHaveLength(0);

    const replan = await resolveProposalCall(f.token, f.tripId, first.proposalId!, "replan");
    expect(replan.status, JSON.stringify(replan.body)).toBe(200);
    expect(replan.body).toMatchObject({ status: "superseded", replanned_by: "planner" });
    const newId = replan.body.new_proposal_id as string;
    expect(newId).toMatch(/^[0-9a-f-]{36}$/);
    expect(newId).not.toBe(first.proposalId);

    const fresh = await getProposalCall(f.token, f.tripId, newId);
    const best = (fresh.body.options as Array<{ label: string; rank: number }>).find((o) => o.rank === 1)!;
    const inbox = (await listNotifications(member.userId)).notifications;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ kind: "proposal_awaits_review", proposal_id: newId });
    expect(inbox[0].body).toContain(`The Skycast weather planner proposes: ${best.label}.`);
    expect((await listNotifications(f.owner.userId)).notifications).toHaveLength(0); // the member who asked
  });
});
