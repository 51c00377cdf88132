import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { queryOne, queryRows } from "@/lib/db/sql";
import { log } from "@/lib/log";
import { appUrl } from "./app-url";
import { accountAdminRecipients } from "./recipients";
import { sendMail } from "./send-mail";
import { brandedMail, mailLocale, mailText } from "./templates";

const BATCH = 20;

interface ClaimedAlert {
  account_id: string;
  dimension: string;
  threshold: number;
  period: string;
  account_name: string;
  data: Record<string, unknown> | null;
}

/** The quota email in the recipient's language, from the billing.quota_threshold_reached event data. */
export function quotaMail(
  a: { accountName: string; threshold: number; data: Record<string, unknown> },
  locale: string | null | undefined,
) {
  const l = mailLocale(locale);
  const resetsAt =
    typeof a.data.resets_at === "string"
      ? new Intl.DateTimeFormat(l, { dateStyle: "long", timeZone: "UTC" }).format(new Date(a.data.resets_at))
      : null;
  const nf = new Intl.NumberFormat(l);
  const values = {
    percent: a.threshold,
    limit_name: limitLabel(l, String(a.data.limit_name ?? a.data.dimension ?? "")),
    account: a.accountName,
    used: nf.format(Number(a.data.used ?? 0)),
    limit: nf.format(Number(a.data.limit ?? 0)),
    plan: String(a.data.plan ?? ""),
  };
  const next = resetsAt
    ? mailText(l, a.threshold >= 100 ? "quota.body100" : "quota.body80", { resets_at: resetsAt })
    : mailText(l, "quota.noReset");
  return brandedMail({
    locale: l,
    subject: mailText(l, "quota.subject", values),
    heading: mailText(l, "quota.heading", values),
    paragraphs: [mailText(l, "quota.body", values), next],
    action: { label: mailText(l, "quota.action"), url: appUrl("/usage") },
  });
}

/**
 * Emails the owners/admins of every quota alert not emailed yet (job "quota-emails", and right
 * after an alert is recorded). Exactly once per (account, dimension, threshold, period): the
 * quota_alerts row is that key (issue 29), and it is claimed (emailed_at set, SKIP LOCKED)
 * before sending; a failed send puts the claim back for the next run. Returns alerts handled (sent, or
 * dropped as too old), not those put back.
 */
export async function sendDueQuotaEmails(): Promise<number> {
  const db = await getDb();
  const claimed = await queryRows<ClaimedAlert>(
    db,
    sql`WITH due AS (
          SELECT account_id, dimension, threshold, period FROM quota_alerts
          WHERE emailed_at IS NULL AND event_id IS NOT NULL
          ORDER BY created_at LIMIT ${BATCH}::int FOR UPDATE SKIP LOCKED)
        UPDATE quota_alerts q SET emailed_at = now() FROM due
        WHERE q.account_id = due.account_id AND q.dimension = due.dimension AND q.threshold = due.threshold AND q.period = due.period
        RETURNING q.account_id, q.dimension, q.threshold, q.period::text AS period,
          (SELECT name FROM accounts WHERE id = q.account_id) AS account_name,
          (SELECT data FROM webhook_events WHERE id = q.event_id) AS data`,
  );
  let putBack = 0;
  for (const a of claimed) {
    if (!a.data) continue; // the event was pruned: too old to be worth an email
    try {
      for (const r of await accountAdminRecipients(a.account_id)) {
        await sendMail({
          to: r.email,
          ...quotaMail({ accountName: a.account_name, threshold: Number(a.threshold), data: a.data }, r.locale),
          locale: r.locale ?? undefined,
        });
      }
    } catch (err) {
      log.warn("quota email not sent; retried by the next run", {
        error: err,
        dimension: a.dimension,
        threshold: a.threshold,
      });
      await queryOne(
        db,
        sql`UPDATE quota_alerts SET emailed_at = NULL
            WHERE account_id = ${a.account_id}::uuid AND dimension = ${a.dimension} AND threshold = ${a.threshold}::int AND period = ${a.period}::date`,
      );
      putBack++;
    }
  }
  // Put-back alerts are not work done: counted, a mail server that is down kept the runner re-running
  // this job (it drains while a run returns more than 0) against it in a tight loop.
  return claimed.length - putBack;
}

/** Right after an alert is recorded: mail it now rather than at the next job run. Never throws. */
export function sendQuotaEmailsSoon(): void {
  void sendDueQuotaEmails().catch((err) => log.warn("quota emails deferred to the job", { error: err }));
}

const LIMIT_LABELS = new Set([
  "requests_per_month",
  "timeline_items_per_month",
  "route_calls_per_month",
  "active_watches",
]);

/** A limit's name in words ("monthly requests"), never the machine key in a subject line. */
function limitLabel(locale: string, name: string): string {
  return LIMIT_LABELS.has(name) ? mailText(locale, `limit.${name}`) : name.replaceAll("_", " ");
}
