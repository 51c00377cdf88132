import { mailText } from "@/lib/mail/templates";
import { formatInstant, notifyTripMembersSafely } from "./record-notifications";

/** The built-in planner's id on its proposals (lib/planner), named in words for people. */
const PLANNER_ID = "skycast-weather-planner";
const agentName = (id: string) => (id === PLANNER_ID ? "The Skycast weather planner" : id);

/**
 * A new proposal awaits review: every member but the one whose token raised it is told, once per
 * proposal. Never throws (the proposal is made whatever happens to the mail).
 */
export function notifyProposalAwaitsReview(p: {
  tripId: number;
  proposalId: string;
  actorUserId: string | null;
  agentId: string;
  optionLabel: string | null;
  expiresAt: Date;
  now?: Date;
}): Promise<number> {
  return notifyTripMembersSafely({
    tripId: p.tripId,
    kind: "proposal_awaits_review",
    subjectKey: `proposal:${p.proposalId}`,
    proposalId: p.proposalId,
    eventId: null,
    exceptUserId: p.actorUserId,
    now: p.now,
    texts: (r) => ({
      title: mailText(r.locale, "notify.proposal.title", { trip: r.tripName }),
      // An agent's proposal of itinerary changes has no planner option to name.
      body: p.optionLabel
        ? mailText(r.locale, "notify.proposal.body", {
            agent: agentName(p.agentId),
            option: p.optionLabel,
            expires: formatInstant(p.expiresAt, r),
          })
        : mailText(r.locale, "notify.proposal.bodyChanges", {
            agent: agentName(p.agentId),
            expires: formatInstant(p.expiresAt, r),
          }),
    }),
  });
}

/**
 * An event's risk reached the trip's threshold (a trip watch's refresh saw it below, or not yet
 * rated, before). `occurrence` names this crossing (the refresh it was seen against), so a retried
 * refresh records nothing new. With the planner's proposal for it, the one notification links there.
 */
export function notifyEventRiskReached(e: {
  tripId: number;
  eventId: number;
  title: string;
  startsAt: string;
  level: string;
  threshold: string;
  occurrence: string;
  proposalId: string | null;
  optionLabel: string | null;
  now?: Date;
}): Promise<number> {
  return notifyTripMembersSafely({
    tripId: e.tripId,
    kind: "event_risk_reached",
    subjectKey: `event:${e.eventId}:${e.occurrence}`,
    proposalId: e.proposalId,
    eventId: e.eventId,
    exceptUserId: null,
    now: e.now,
    texts: (r) => {
      const values = { event: e.title, trip: r.tripName, level: e.level, threshold: e.threshold };
      const body = mailText(r.locale, "notify.risk.body", { ...values, when: formatInstant(e.startsAt, r) });
      const plan =
        e.proposalId && e.optionLabel ? mailText(r.locale, "notify.risk.bodyProposal", { option: e.optionLabel }) : "";
      return { title: mailText(r.locale, "notify.risk.title", values), body: plan ? `${body} ${plan}` : body };
    },
  });
}
