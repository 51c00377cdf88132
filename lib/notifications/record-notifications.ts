import { sql } from "drizzle-orm";
import { notifications, type NotificationKind, type NotificationMode } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { mailLocale, type MailLocale } from "@/lib/mail/templates";
import { planDelivery, type DeliverySettings } from "./quiet-hours";
import { sendNotificationEmailsSoon } from "./send-notification-emails";

/** What the texts of one recipient's notification are written from (their language and zone). */
export interface RecipientView {
  locale: MailLocale;
  timeZone: string;
  tripName: string;
}

export interface NotifyInput {
  tripId: number;
  kind: NotificationKind;
  /** The occurrence: with (member, kind) it is unique, so recording it again does nothing. */
  subjectKey: string;
  proposalId: string | null;
  eventId: number | null;
  /** The person whose action caused it (an agent's token holder): not told about their own act. */
  exceptUserId: string | null;
  texts: (r: RecipientView) => { title: string; body: string };
  now?: Date;
}

interface Member {
  user_id: string;
  locale: string | null;
  mode: NotificationMode | null;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string | null;
  trip_name: string;
}

/**
 * Records one notification for every member of the trip but the actor (inbox entry, and mail as each
 * member's settings say: lib/notifications/quiet-hours.ts), idempotently per (member, kind, subject).
 * Mails due now go out at once (and otherwise with the notification-emails job). Returns the
 * number of notifications newly recorded.
 */
export async function notifyTripMembers(n: NotifyInput): Promise<number> {
  const now = n.now ?? new Date();
  const db = await getDb();
  const members = await queryRows<Member>(
    db,
    sql`SELECT m.user_id, u.locale, s.mode, s.quiet_start, s.quiet_end, s.time_zone, t.name AS trip_name
        FROM trip_members m JOIN users u ON u.id = m.user_id JOIN trips t ON t.id = m.trip_id
        LEFT JOIN notification_settings s ON s.user_id = m.user_id
        WHERE m.trip_id = ${n.tripId} AND m.user_id IS DISTINCT FROM ${n.exceptUserId}::uuid
        ORDER BY m.created_at`,
  );
  if (members.length === 0) return 0;
  let mailNow = false;
  const rows = members.map((m) => {
    const settings: DeliverySettings = {
      mode: m.mode ?? "immediate",
      quietStart: m.quiet_start === null ? null : Number(m.quiet_start),
      quietEnd: m.quiet_end === null ? null : Number(m.quiet_end),
      timeZone: m.time_zone ?? "UTC",
    };
    const plan = planDelivery(settings, now);
    if (plan.deliverAfter && plan.deliverAfter <= now) mailNow = true;
    const texts = n.texts({ locale: mailLocale(m.locale), timeZone: settings.timeZone, tripName: m.trip_name });
    return {
      userId: m.user_id,
      tripId: n.tripId,
      kind: n.kind,
      subjectKey: n.subjectKey,
      proposalId: n.proposalId,
      eventId: n.eventId,
      title: texts.title.slice(0, 300),
      body: texts.body.slice(0, 2000),
      createdAt: now,
      delivery: plan.delivery,
      deliverAfter: plan.deliverAfter,
    };
  });
  const inserted = await db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({ target: [notifications.userId, notifications.kind, notifications.subjectKey] })
    .returning({ id: notifications.id });
  if (inserted.length && mailNow) sendNotificationEmailsSoon();
  return inserted.length;
}

/** For callers to whom telling the members is a side effect (a proposal, a watch refresh): never throws. */
export async function notifyTripMembersSafely(n: NotifyInput): Promise<number> {
  try {
    return await notifyTripMembers(n);
  } catch (err) {
    log.error("trip members not notified", { trip_id: n.tripId, kind: n.kind, error: err });
    return 0;
  }
}

/** A date and time in the recipient's language and zone, for the texts. */
export function formatInstant(at: Date | string, r: Pick<RecipientView, "locale" | "timeZone">): string {
  return new Intl.DateTimeFormat(r.locale, { dateStyle: "medium", timeStyle: "short", timeZone: r.timeZone }).format(
    new Date(at),
  );
}
