import { queryRows } from "@/lib/db/sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { TripWatchState } from "@/drizzle/schema";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { resetEnvCache } from "@/lib/env";
import { closeMailTransport } from "@/lib/mail/send-mail";
import { startSmtpSink, type SmtpSink } from "@/lib/mail/testing/smtp-sink";
import { createProposalCall, makeTrip, sampleProposal } from "@/lib/trips/testing/trip-fixture";
import { eventsReachingThreshold, notifyMembersOfRefresh } from "@/lib/watches/trip/notify-members";
import { putNotificationSettings } from "./notification-settings";
import { openSignedLink } from "./open-signed-link";
import { listNotifications } from "./read-inbox";
import { notifyProposalAwaitsReview } from "./notify-trip-news";
import { notifyTripMembers } from "./record-notifications";
import { sendDueNotificationEmails } from "./send-notification-emails";

let t: TestDatabase;
let smtp: SmtpSink;
beforeAll(async () => {
  t = await createTestDatabase();
  smtp = await startSmtpSink();
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  closeMailTransport();
});
afterAll(async () => {
  closeMailTransport();
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
  await t.close();
});

/** Runs the job until nothing is due (the send right after recording may be running too: SKIP LOCKED shares the work). */
async function drain(now?: Date): Promise<void> {
  while ((await sendDueNotificationEmails(now)) > 0);
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email.toLowerCase()));
// queryRows reads both drivers' results (PGlite's { rows } and postgres-js's array).
const rows = (userId: string) =>
  queryRows<{ kind: string; delivery: string; deliver_after: Date | null; mailed_at: Date | null }>(
    t.db,
    sql`SELECT kind, delivery, deliver_after, mailed_at FROM notifications WHERE user_id = ${userId}::uuid`,
  );

describe("trip member notifications", () => {
  it("a new proposal: every member but its actor is told; an opted-out one gets no mail; the link opens the proposal", async () => {
    const f = await makeTrip();
    const agent = await f.member("editor");
    const viewer = await f.member("viewer");
    const other = await f.member("viewer");
    await putNotificationSettings(viewer.user.userId, { mode: "off", quiet_hours: null, time_zone: "Europe/Paris" });
    const res = await createProposalCall(agent.token, f.tripId, sampleProposal());
    expect(res.status).toBe(201);
    const proposalId = res.body.proposal_id as string;
    const mail = await smtp.next((m) => m.to.includes(f.owner.email.toLowerCase()));
    await smtp.next((m) => m.to.includes(other.user.email.toLowerCase()));
    await drain();
    expect(mail.subject).toBe("A proposal for Test trip awaits your review");
    expect(mail.text).toContain("planner-agent-1 proposes: Morning flight. Accept or reject it before");
    expect(mailsTo(f.owner.email)).toHaveLength(1);
    expect(mailsTo(other.user.email)).toHaveLength(1);
    expect(mailsTo(agent.user.email)).toHaveLength(0); // the actor
    expect(mailsTo(viewer.user.email)).toHaveLength(0); // opted out: inbox only
    expect((await listNotifications(agent.user.userId)).notifications).toHaveLength(0);
    const inbox = await listNotifications(viewer.user.userId);
    expect(inbox.unread_count).toBe(1);
    expect(inbox.notifications[0]).toMatchObject({
      kind: "proposal_awaits_review",
      proposal_id: proposalId,
      mail: "none",
    });

    const url = new URL(mail.link!);
    expect(url.pathname).toBe("/notifications/open");
    const q = Object.fromEntries(url.searchParams);
    const self = `${url.pathname}${url.search}`;
    expect(await openSignedLink(q, null, self)).toBe(`/sign-in?callbackUrl=${encodeURIComponent(self)}`);
    expect(await openSignedLink(q, other.user.userId, self)).toBe("/inbox?link=other-member");
    expect(await openSignedLink({ ...q, sig: `${q.sig.slice(0, -2)}AA` }, f.owner.userId, self)).toBe(
      "/inbox?link=invalid",
    );
    expect(await openSignedLink({ ...q, exp: String(Number(q.exp) + 1) }, f.owner.userId, self)).toBe(
      "/inbox?link=invalid",
    );
    expect(await openSignedLink({ id: "not-a-uuid", exp: "x", sig: "" }, f.owner.userId, self)).toBe(
      "/inbox?link=invalid",
    );
    const later = new Date(Number(q.exp) * 1000 + 1000);
    expect(await openSignedLink(q, f.owner.userId, self, later)).toBe("/inbox?link=expired");
    expect(await openSignedLink(q, f.owner.userId, self)).toBe(
      `/trips/${f.tripId}?proposal=${proposalId}#proposal-${proposalId}`,
    );
    expect((await listNotifications(f.owner.userId)).unread_count).toBe(0); // opening it read it
  });

  it("a proposal with no planner option says it proposes itinerary changes, never a placeholder", async () => {
    const f = await makeTrip();
    const res = await createProposalCall(f.ownerToken, f.tripId, sampleProposal());
    const other = await f.member("viewer");
    await notifyProposalAwaitsReview({
      tripId: f.tripId,
      proposalId: res.body.proposal_id as string,
      actorUserId: null,
      agentId: "trip-agent",
      optionLabel: null,
      expiresAt: new Date("2026-12-01T12:00:00Z"),
    });
    const [entry] = (await listNotifications(other.user.userId)).notifications;
    expect(entry!.body).toMatch(
      /^trip-agent proposes changes to the itinerary\. Accept or reject them before Dec 1, 2026/,
    );
  });

  it("recording one occurrence again (a re-run) neither adds an entry nor mails twice", async () => {
    const f = await makeTrip();
    const input = {
      tripId: f.tripId,
      kind: "event_risk_reached" as const,
      subjectKey: "event:1:2026-07-01T10:00:00.000Z",
      proposalId: null,
      eventId: 1,
      exceptUserId: null,
      texts: () => ({ title: "Hike reached warning", body: "…" }),
    };
    expect(await notifyTripMembers(input)).toBe(1);
    expect(await notifyTripMembers(input)).toBe(0);
    await smtp.next((m) => m.to.includes(f.owner.email.toLowerCase()));
    await drain();
    await drain();
    expect(mailsTo(f.owner.email)).toHaveLength(1);
    expect((await listNotifications(f.owner.userId)).notifications).toHaveLength(1);
  });

  it("quiet hours hold an immediate mail until they end in the member's zone", async () => {
    const f = await makeTrip();
    // Tokyo 23:00-07:00; recorded at 01:00 Tokyo (16:00 UTC): held until 07:00 Tokyo = 22:00 UTC.
    await putNotificationSettings(f.owner.userId, {
      mode: "immediate",
      quiet_hours: { start: "23:00", end: "07:00" },
      time_zone: "Asia/Tokyo",
    });
    const now = new Date("2030-01-10T16:00:00Z");
    await notifyTripMembers({
      tripId: f.tripId,
      kind: "proposal_awaits_review",
      subjectKey: "proposal:quiet",
      proposalId: null,
      eventId: null,
      exceptUserId: null,
      texts: () => ({ title: "Quiet", body: "…" }),
      now,
    });
    const [row] = await rows(f.owner.userId);
    expect(row).toMatchObject({ delivery: "immediate", mailed_at: null });
    expect(new Date(row.deliver_after!).toISOString()).toBe("2030-01-10T22:00:00.000Z");
    await drain(new Date("2030-01-10T21:59:00Z"));
    expect(mailsTo(f.owner.email)).toHaveLength(0);
    await drain(new Date("2030-01-10T22:00:00Z"));
    expect(mailsTo(f.owner.email)).toHaveLength(1);
  });

  it("a mail due while the member is inside quiet hours now (settings changed since) is held again", async () => {
    const f = await makeTrip();
    const now = new Date("2030-02-10T12:00:00Z");
    await putNotificationSettings(f.owner.userId, { mode: "digest", quiet_hours: null, time_zone: "UTC" });
    const record = (key: string) =>
      notifyTripMembers({
        tripId: f.tripId,
        kind: "proposal_awaits_review",
        subjectKey: key,
        proposalId: null,
        eventId: null,
        exceptUserId: null,
        texts: () => ({ title: key, body: "…" }),
        now,
      });
    await record("proposal:d1");
    await record("proposal:d2");
    await putNotificationSettings(f.owner.userId, {
      mode: "digest",
      quiet_hours: { start: "07:00", end: "09:00" },
      time_zone: "UTC",
    });
    await drain(new Date("2030-02-11T08:00:00Z"));
    expect(mailsTo(f.owner.email)).toHaveLength(0);
    await drain(new Date("2030-02-11T09:00:00Z"));
    await drain(new Date("2030-02-11T09:05:00Z"));
    const mails = mailsTo(f.owner.email);
    expect(mails).toHaveLength(1); // one digest for both
    expect(mails[0].subject).toBe("Skycast: 2 updates on your trips");
    expect(mails[0].text).toContain("proposal:d1");
    expect(mails[0].text).toContain("proposal:d2");
  });

  it("switching to off stops mail already waiting", async () => {
    const f = await makeTrip();
    await putNotificationSettings(f.owner.userId, { mode: "digest", quiet_hours: null, time_zone: "UTC" });
    const now = new Date("2030-03-10T12:00:00Z");
    await notifyTripMembers({
      tripId: f.tripId,
      kind: "proposal_awaits_review",
      subjectKey: "proposal:off",
      proposalId: null,
      eventId: null,
      exceptUserId: null,
      texts: () => ({ title: "Off", body: "…" }),
      now,
    });
    await putNotificationSettings(f.owner.userId, { mode: "off", quiet_hours: null, time_zone: "UTC" });
    await drain(new Date("2030-03-11T08:00:00Z"));
    expect(mailsTo(f.owner.email)).toHaveLength(0);
    expect((await rows(f.owner.userId))[0]).toMatchObject({ delivery: "none" });
  });

  it("an event reaching the trip's threshold is reported once per crossing, in the member's language", async () => {
    const f = await makeTrip();
    await t.db.execute(sql`UPDATE users SET locale = 'de' WHERE id = ${f.owner.userId}::uuid`);
    const event = (id: number, level: string | null) => ({
      event_id: id,
      type: "activity",
      title: `Hike ${id}`,
      starts_at: "2030-04-02T08:00:00Z",
      ends_at: null,
      activity_type: "hiking",
      outdoor: true,
      place: { lat: 38.8, lng: -9.4, name: "Sintra" },
      forecast_available: true,
      snapshot_id: null,
      metrics: null,
      alerts: [],
      risk: level ? { level, recommendation: null, reasons: [] } : null,
    });
    const prev: TripWatchState = {
      trip_id: f.tripId,
      planner_threshold: "warning",
      revision: 3,
      checked_at: "2030-04-01T10:00:00.000Z",
      events: [event(1, "watch"), event(2, "warning"), event(3, "low")],
    };
    const next: TripWatchState = {
      ...prev,
      checked_at: "2030-04-01T11:00:00.000Z",
      events: [event(1, "warning"), event(2, "warning"), event(3, "watch"), event(4, "warning")],
    };
    expect(eventsReachingThreshold(prev, next).map((e) => e.event_id)).toEqual([1, 4]);
    expect(eventsReachingThreshold({ ...prev, revision: null }, next).map((e) => e.event_id)).toEqual([1, 2, 4]);
    await notifyMembersOfRefresh(prev, next, [], new Date("2030-04-01T11:00:00Z"));
    await notifyMembersOfRefresh(prev, next, [], new Date("2030-04-01T11:00:00Z")); // a retried refresh
    const inbox = await listNotifications(f.owner.userId);
    expect(inbox.notifications.map((n) => [n.kind, n.event_id]).sort()).toEqual([
      ["event_risk_reached", 1],
      ["event_risk_reached", 4],
    ]);
    expect(inbox.notifications.find((n) => n.event_id === 1)!.title).toBe("Hike 1 auf Test trip hat warning erreicht");
  });
});
