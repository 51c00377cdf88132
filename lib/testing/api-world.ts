import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { API_KEY_SCOPES } from "@/lib/auth/scopes";
import { authSecret } from "@/lib/auth/auth-secret";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { createApiKey } from "@/lib/auth/api-keys";
import { createVisaKey } from "@/lib/visa/visa-keys";
import { seedVisaSample } from "@/lib/visa/sample-data";
import { createTrip } from "@/lib/trips/manage-trips";
import { addMember } from "@/lib/trips/manage-members";
import { createWatchVia, watchBody } from "@/lib/watches/testing/watch-fixtures";
import { pauseWatch } from "@/lib/watches/change-watch-status";
import { emitEvent } from "@/lib/events/emit-event";
import { disableEndpoint } from "@/lib/webhooks/endpoints";
import { endpointFor, drainDeliveries } from "@/lib/webhooks/testing/helpers";
import type { RouteContract } from "@/lib/http/contract";
import { makeUser, type TestUser } from "./fixtures";
import { notifyProposalAwaitsReview } from "@/lib/notifications/notify-trip-news";
import { listNotifications } from "@/lib/notifications/read-inbox";
import { createInvitation } from "@/lib/accounts/invitations";
import { addTeamMember, invitationToken } from "@/lib/accounts/testing/team-fixtures";

/**
 * One account with every credential the document names, for tests that walk every operation
 * (examples, fuzz): an API key with all scopes, a trip access token (the user owns a trip), a visa
 * key, a portal session cookie, and a sandbox key (simulations). `paramsFor` makes fresh
 * resources for an operation's path ids, so destructive operations never consume shared ones.
 */
export interface ApiWorld {
  user: TestUser;
  apiKey: string;
  sandboxKey: string;
  token: string;
  visaKey: string;
  cookie: string;
  tripId: number;
  /** https URL of a loopback receiver for webhook and watch deliveries. */
  receiverUrl: string;
}

export async function makeApiWorld(receiverUrl: string): Promise<ApiWorld> {
  await seedVisaSample();
  const user = await makeUser({ plan: "pro", email: `camille.dubois.${randomBytes(3).toString("hex")}@example.com` });
  const sandbox = await makeUser({ plan: "pro", environment: "sandbox" });
  const trip = await createTrip(user.userId, {
    name: "Lisbon long weekend",
    time_zone: "Europe/Lisbon",
    start_date: "2027-05-04",
    end_date: "2027-05-07",
  });
  const owner = { userId: user.userId, accountId: user.accountId };
  return {
    user,
    apiKey: (await createApiKey(owner, { name: "all scopes", scopes: [...API_KEY_SCOPES] })).key,
    sandboxKey: await sandbox.key([...API_KEY_SCOPES]),
    token: (await createAccessToken(user.userId, { name: "trips" })).token,
    visaKey: (await createVisaKey(owner, { name: "visa" })).key,
    cookie: `next-auth.session-token=${await encode({ token: { sub: user.userId }, secret: authSecret() })}`,
    tripId: trip.trip_id,
    receiverUrl,
  };
}

type AnyContract = RouteContract<any, any, any, any, any>;

const ownerActor = (w: ApiWorld) => ({ accountId: w.user.accountId, userId: w.user.userId, role: "owner" as const });

/** A body field an example cannot carry verbatim: the invitation token (it exists only in an email). */
export async function bodyFor(c: AnyContract, w: ApiWorld, body: unknown): Promise<unknown> {
  if (c.operationId !== "invitations.accept") return body;
  return { ...(body as object), token: await invitationToken(w.user, "developer") };
}

/** Request headers carrying the credential the operation's first accepted scheme names. */
export function credentialHeaders(c: AnyContract, w: ApiWorld): Record<string, string> {
  const schemes = ((c.auth.security ?? []) as Array<Record<string, string[]>>).flatMap((s) => Object.keys(s));
  const first = schemes[0];
  if (first === "apiKey")
    return { authorization: `Bearer ${c.path.startsWith("/v1/weather/simulations") ? w.sandboxKey : w.apiKey}` };
  if (first === "accessToken") return { authorization: `Bearer ${w.token}` };
  if (first === "visaKey") return { "x-visa-intel-key": w.visaKey };
  if (first === "session") return { cookie: w.cookie, host: "localhost", origin: "http://localhost" };
  return {};
}

async function watchId(w: ApiWorld): Promise<string> {
  return (await createWatchVia(w.user, watchBody({ webhook_url: w.receiverUrl }))).watch.watch_id;
}

async function webhookId(w: ApiWorld): Promise<string> {
  return (await endpointFor(w.user.accountId, w.receiverUrl, ["weather.change_detected", "weather.severe_alert_added"]))
    .webhook_id;
}

/** Runs another operation's documented example (e.g. tripEvents.create for an event to read) and returns its body. */
export type RunExample = (operationId: string) => Promise<any>;

/**
 * Path ids for an operation, from fresh fixtures owned by the world's account (a member to change,
 * a paused watch to resume, an event delivered to the endpoint to redeliver…).
 */
export async function paramsFor(c: AnyContract, w: ApiWorld, run: RunExample): Promise<Record<string, string>> {
  const names = [...c.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const out: Record<string, string> = {};
  const op = c.operationId ?? "";
  if (names.includes("tripId")) out.tripId = String(w.tripId);
  if (names.includes("keyId")) {
    const owner = { userId: w.user.userId, accountId: w.user.accountId };
    out.keyId = String(
      op.startsWith("visaKeys.")
        ? (await createVisaKey(owner, { name: "to revoke" })).id
        : (await createApiKey(owner, { name: "to revoke", scopes: ["read"] })).id,
    );
  }
  if (names.includes("tokenId"))
    out.tokenId = String((await createAccessToken(w.user.userId, { name: "to revoke" })).id);
  if (names.includes("userId") && op.startsWith("members.")) {
    out.userId = (await addTeamMember(w.user.accountId, "developer")).userId;
  } else if (names.includes("userId")) {
    const member = await makeUser({ email: `joao.pereira.${randomBytes(3).toString("hex")}@example.com` });
    await addMember(w.tripId, null, member.email, "editor");
    out.userId = member.userId;
  }
  if (names.includes("invitationId")) {
    out.invitationId = (
      await createInvitation(
        ownerActor(w),
        { email: `ines.costa.${randomBytes(3).toString("hex")}@example.com`, role: "viewer" },
        "http://localhost",
      )
    ).invitation.invitation_id;
  }
  if (names.includes("simulation_id")) out.simulation_id = (await run("weather.createSimulation")).data.simulation_id;
  if (names.includes("eventId")) out.eventId = String((await run("tripEvents.create")).id);
  if (names.includes("proposalId")) out.proposalId = (await run("proposals.create")).proposal_id;
  if (names.includes("notificationId")) out.notificationId = await notificationFor(w, await run("proposals.create"));
  if (names.includes("watch_id")) {
    out.watch_id = await watchId(w);
    if (op === "watches.resume") await pauseWatch(w.user.accountId, out.watch_id);
    if (names.includes("event_id") || op === "watches.listAttempts") {
      out.event_id = (
        await emitEvent({
          accountId: w.user.accountId,
          type: "weather.change_detected",
          data: { watch_id: out.watch_id },
          watchTarget: { url: w.receiverUrl, watchId: out.watch_id },
        })
      ).eventId;
      await drainDeliveries();
      if (!names.includes("event_id")) delete out.event_id;
    }
  } else if (names.includes("webhook_id")) {
    out.webhook_id = await webhookId(w);
    // Only a disabled endpoint can be deleted.
    if (op === "webhooks.delete") await disableEndpoint(w.user.accountId, out.webhook_id);
    if (names.includes("event_id") || op === "webhooks.listAttempts") {
      out.event_id = (
        await emitEvent({ accountId: w.user.accountId, type: "weather.change_detected", data: { place: "Lisbon" } })
      ).eventId;
      await drainDeliveries();
      if (!names.includes("event_id")) delete out.event_id;
    }
  } else if (names.includes("event_id")) {
    out.event_id = (
      await emitEvent({ accountId: w.user.accountId, type: "weather.change_detected", data: { place: "Lisbon" } })
    ).eventId;
  }
  return out;
}

/** A notification in the world user's inbox (a proposal raised by someone else, as a member sees it). */
async function notificationFor(w: ApiWorld, proposal: { proposal_id: string }): Promise<string> {
  await notifyProposalAwaitsReview({
    tripId: w.tripId,
    proposalId: proposal.proposal_id,
    actorUserId: null,
    agentId: "example-agent",
    optionLabel: null,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const list = await listNotifications(w.user.userId, {});
  const found = list.notifications.find((n) => n.proposal_id === proposal.proposal_id);
  if (!found) throw new Error("the example notification was not recorded");
  return found.notification_id;
}
