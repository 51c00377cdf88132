import { sql } from "drizzle-orm";
import type { NotificationDelivery, NotificationMode } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { appUrl } from "@/lib/mail/app-url";
import { sendMail } from "@/lib/mail/send-mail";
import { brandedMail, mailLocale, mailText, type RenderedMail } from "@/lib/mail/templates";
import { inQuietHours, nextLocalMinute, type DeliverySettings } from "./quiet-hours";
import { signedLinkPath } from "./signed-link";

const BATCH = 100;

interface Claimed {
  id: string;
  user_id: string;
  trip_id: number;
  proposal_id: string | null;
  title: string;
  body: string;
  delivery: NotificationDelivery;
  email: string;
  locale: string | null;
  mode: NotificationMode | null;
  quiet_start: number | null;
  quiet_end: number | null;
  time_zone: string | null;
}

/**
 * Mails every notification whose time has come (job "notification-emails", and right after one is
 * recorded). Claimed first (mailed_at set, FOR UPDATE SKIP LOCKED), so two runners never mail one
 * twice; a failed send puts it back. The member's settings are read again here: switched to "off"
 * since -> not mailed; inside quiet hours now -> held until they end. Digest notifications of one
 * member due by now go out as one mail. Returns notifications handled (not those put back).
 */
export async function sendDueNotificationEmails(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const claimed = await queryRows<Claimed>(
    db,
    sql`WITH due AS (
          SELECT id FROM notifications
          WHERE mailed_at IS NULL AND delivery <> 'none' AND deliver_after <= ${now.toISOString()}::timestamptz
          ORDER BY deliver_after, created_at LIMIT ${BATCH}::int FOR UPDATE SKIP LOCKED)
        UPDATE notifications n SET mailed_at = ${now.toISOString()}::timestamptz FROM due WHERE n.id = due.id
        RETURNING n.id, n.user_id, n.trip_id, n.proposal_id, n.title, n.body, n.delivery,
          (SELECT email FROM users WHERE id = n.user_id) AS email,
          (SELECT locale FROM users WHERE id = n.user_id) AS locale,
          (SELECT mode FROM notification_settings WHERE user_id = n.user_id) AS mode,
          (SELECT quiet_start FROM notification_settings WHERE user_id = n.user_id) AS quiet_start,
          (SELECT quiet_end FROM notification_settings WHERE user_id = n.user_id) AS quiet_end,
          (SELECT time_zone FROM notification_settings WHERE user_id = n.user_id) AS time_zone`,
  );
  const byUser = new Map<string, Claimed[]>();
  for (const c of claimed) byUser.set(c.user_id, [...(byUser.get(c.user_id) ?? []), c]);
  let putBack = 0;
  for (const rows of byUser.values()) {
    const s = settingsOf(rows[0]);
    if (s.mode === "off") {
      await setMany(rows, sql`delivery = 'none', mailed_at = NULL`);
      continue;
    }
    if (inQuietHours(s, now)) {
      const after = nextLocalMinute(now, s.timeZone, s.quietEnd!);
      await setMany(rows, sql`mailed_at = NULL, deliver_after = ${after.toISOString()}::timestamptz`);
      putBack += rows.length;
      continue;
    }
    const digest = rows.filter((r) => r.delivery === "digest");
    const mails: Array<{ rows: Claimed[]; mail: RenderedMail }> = rows
      .filter((r) => r.delivery === "immediate")
      .map((r) => ({ rows: [r], mail: singleMail(r, now) }));
    if (digest.length) mails.push({ rows: digest, mail: digestMail(digest, now) });
    for (const m of mails) {
      try {
        await sendMail({ to: m.rows[0].email, ...m.mail });
      } catch (err) {
        log.warn("notification mail not sent; retried by the next run", { error: err, count: m.rows.length });
        await setMany(m.rows, sql`mailed_at = NULL`);
        putBack += m.rows.length;
      }
    }
  }
  return claimed.length - putBack;
}

/** Right after notifications are recorded: mail the due ones now rather than at the next job run. Never throws. */
export function sendNotificationEmailsSoon(): void {
  void sendDueNotificationEmails().catch((err) => log.warn("notification mails deferred to the job", { error: err }));
}

function settingsOf(c: Claimed): DeliverySettings {
  return {
    mode: c.mode ?? "immediate",
    quietStart: c.quiet_start === null ? null : Number(c.quiet_start),
    quietEnd: c.quiet_end === null ? null : Number(c.quiet_end),
    timeZone: c.time_zone ?? "UTC",
  };
}

async function setMany(rows: Claimed[], set: ReturnType<typeof sql>): Promise<void> {
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  );
  await queryOne(await getDb(), sql`UPDATE notifications SET ${set} WHERE id IN (${ids})`);
}

const link = (r: Claimed, now: Date) =>
  appUrl(signedLinkPath({ notificationId: r.id, userId: r.user_id, proposalId: r.proposal_id }, now));

function singleMail(r: Claimed, now: Date): RenderedMail {
  const l = mailLocale(r.locale);
  return brandedMail({
    locale: l,
    subject: r.title,
    heading: r.title,
    paragraphs: [r.body],
    action: { label: mailText(l, r.proposal_id ? "notify.action" : "notify.actionTrip"), url: link(r, now) },
    note: mailText(l, "notify.note"),
  });
}

/** One mail for a member's day: each notification's title, text and own signed link. */
function digestMail(rows: Claimed[], now: Date): RenderedMail {
  const l = mailLocale(rows[0].locale);
  return brandedMail({
    locale: l,
    subject: mailText(l, "notify.digest.subject", { count: rows.length }),
    heading: mailText(l, "notify.digest.heading"),
    paragraphs: rows.map((r) => `${r.title}. ${r.body} ${link(r, now)}`),
    action: { label: mailText(l, "notify.digest.action"), url: appUrl("/inbox") },
    note: mailText(l, "notify.note"),
  });
}
