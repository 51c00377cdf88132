import { sql } from "drizzle-orm";
import type { NotificationDelivery, NotificationKind } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { notFound } from "@/lib/http/errors";
import type { NotificationBody } from "./notification-schemas";
import { portalHref } from "./signed-link";

interface Row {
  id: string;
  kind: NotificationKind;
  trip_id: number;
  trip_name: string;
  proposal_id: string | null;
  event_id: number | null;
  title: string;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
  delivery: NotificationDelivery;
  mailed_at: Date | string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

function toBody(r: Row): NotificationBody {
  return {
    notification_id: r.id,
    kind: r.kind,
    trip_id: Number(r.trip_id),
    trip_name: r.trip_name,
    proposal_id: r.proposal_id,
    event_id: r.event_id === null ? null : Number(r.event_id),
    title: r.title,
    body: r.body,
    created_at: iso(r.created_at),
    read_at: r.read_at === null ? null : iso(r.read_at),
    href: portalHref(Number(r.trip_id), r.proposal_id),
    mail: r.delivery === "none" ? "none" : r.mailed_at ? "sent" : "scheduled",
  };
}

const COLUMNS = sql`n.id, n.kind, n.trip_id, t.name AS trip_name, n.proposal_id, n.event_id, n.title, n.body,
  n.created_at, n.read_at, n.delivery, n.mailed_at`;

/**
 * A member's inbox, newest first (at most `limit`), only of trips they are still a member of (leaving
 * a trip hides its notifications), and how many are unread.
 */
export async function listNotifications(
  userId: string,
  opts: { unreadOnly?: boolean; limit?: number } = {},
): Promise<{ notifications: NotificationBody[]; unread_count: number }> {
  const db = await getDb();
  const member = sql`EXISTS (SELECT 1 FROM trip_members m WHERE m.trip_id = n.trip_id AND m.user_id = n.user_id)`;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT ${COLUMNS} FROM notifications n JOIN trips t ON t.id = n.trip_id
        WHERE n.user_id = ${userId}::uuid AND ${member} ${opts.unreadOnly ? sql`AND n.read_at IS NULL` : sql``}
        ORDER BY n.created_at DESC, n.id LIMIT ${opts.limit ?? 50}::int`,
  );
  const unread = await queryOne<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM notifications n WHERE n.user_id = ${userId}::uuid AND n.read_at IS NULL AND ${member}`,
  );
  return { notifications: rows.map(toBody), unread_count: Number(unread?.n ?? 0) };
}

/** Marks one of the member's notifications read (404 for anyone else's: its existence is not revealed). */
export async function markNotificationRead(userId: string, notificationId: string): Promise<NotificationBody> {
  const db = await getDb();
  const row = await queryOne<Row>(
    db,
    sql`WITH u AS (
          UPDATE notifications SET read_at = coalesce(read_at, now())
          WHERE id = ${notificationId}::uuid AND user_id = ${userId}::uuid RETURNING *)
        SELECT ${COLUMNS} FROM u n JOIN trips t ON t.id = n.trip_id`,
  );
  if (!row) throw notFound("Notification");
  return toBody(row);
}

/** Marks every unread notification of the member read; returns how many changed. */
export async function markAllNotificationsRead(userId: string): Promise<number> {
  const row = await queryOne<{ n: number }>(
    await getDb(),
    sql`WITH u AS (UPDATE notifications SET read_at = now() WHERE user_id = ${userId}::uuid AND read_at IS NULL RETURNING 1)
        SELECT count(*)::int AS n FROM u`,
  );
  return Number(row?.n ?? 0);
}
