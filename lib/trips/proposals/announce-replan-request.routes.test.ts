import { describe, expect, it } from "vitest";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import { lisbonSandboxTrip, lisbon } from "@/lib/watches/testing/trip-watch-fixtures";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { drainDeliveries, endpointFor, eventsOfType } from "@/lib/webhooks/testing/helpers";
import { createProposalCall, getItinerary, resolveProposalCall } from "@/lib/trips/testing/trip-fixture";

/*
 * "Ask for a new plan" on an external agent's proposal (issue 42 item 1): the apps following the
 * trip (accounts with a trip watch) get trip.proposal_replan_requested on a real HTTPS receiver, in
 * the transaction that retires the proposal; nobody else does.
 */
const world = deliveryTestWorld("0,0,0");
const watchRoute = await routeModule("/v1/weather/watch");

async function agentProposal(f: Awaited<ReturnType<typeof lisbonSandboxTrip>>, agent: string) {
  const revision = (await getItinerary(f.token, f.tripId)).body.revision as number;
  const res = await createProposalCall(f.token, f.tripId, {
    actor_agent_id: agent,
    base_revision: revision,
    options: [
      {
        id: "earlier",
        score: 0.8,
        label: "Dinner an hour earlier",
        changes: [
          {
            type: "move_event",
            event_id: f.ids.dinner,
            startDateTime: lisbon(f.day, 19),
            endDateTime: lisbon(f.day, 21),
          },
        ],
      },
    ],
  });
  expect(res.status, res.text).toBe(201);
  return { proposalId: res.body.proposal_id as string, revision };
}

describe("trip.proposal_replan_requested", () => {
  it("reaches the account watching the trip, with the agent and the revision to plan against", async () => {
    const f = await lisbonSandboxTrip();
    const watch = await call(watchRoute.POST, {
      method: "POST",
      path: "/v1/weather/watch",
      bearer: f.key,
      body: { target_type: "trip", target_ref: { trip_id: f.tripId }, webhook_url: world.rx.url("/watch") },
    });
    expect(watch.status, watch.text).toBe(201);
    await endpointFor(f.owner.accountId, world.rx.url("/replan"), ["trip.proposal_replan_requested"]);
    const { proposalId, revision } = await agentProposal(f, "travel-app-agent");

    const replan = await resolveProposalCall(f.token, f.tripId, proposalId, "replan");
    expect(replan.status, replan.text).toBe(200);
    expect(replan.body).toMatchObject({ status: "superseded", replanned_by: "agent", new_proposal_id: null });

    const [event] = await eventsOfType(f.owner.accountId, "trip.proposal_replan_requested");
    expect(event.data).toEqual({
      trip_id: f.tripId,
      proposal_id: proposalId,
      actor_agent_id: "travel-app-agent",
      proposal_base_revision: revision,
      trip_revision: revision,
      requested_by: f.owner.userId,
      requested_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    await drainDeliveries();
    const got = world.rx.requests.filter((r) => r.url === "/replan");
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0].rawBody)).toMatchObject({
      type: "trip.proposal_replan_requested",
      data: { proposal_id: proposalId },
    });
    expect(got[0].headers["webhook-signature"]).toMatch(/^v1,/);
    // The watch's own webhook_url gets watch events only.
    expect(world.rx.requests.some((r) => r.url === "/watch" && r.rawBody.includes("replan_requested"))).toBe(false);
  });

  it("a trip nobody watches emits nothing; a refused replan emits nothing", async () => {
    const f = await lisbonSandboxTrip();
    await endpointFor(f.owner.accountId, world.rx.url("/replan"), ["trip.proposal_replan_requested"]);
    const { proposalId } = await agentProposal(f, "agent-x");
    expect((await resolveProposalCall(f.token, f.tripId, proposalId, "replan")).status).toBe(200);
    expect((await resolveProposalCall(f.token, f.tripId, proposalId, "replan")).body.error.code).toBe(
      "proposal_not_pending",
    );
    expect(await eventsOfType(f.owner.accountId, "trip.proposal_replan_requested")).toHaveLength(0);
  });
});
