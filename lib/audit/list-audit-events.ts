import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { decodeCursor, encodeCursor } from "@/lib/http/cursor";

/** Audit records are kept one year, then the retention job drops them (lib/audit/prune-audit-events.ts). */
export const AUDIT_RETENTION_DAYS = 365;

const Filter = (what: string, example: string) =>
  z
    .string()
    .min(1, "must not be empty")
    .max(200, "must be at most 200 characters")
    .regex(/^[\w.:-]+$/, `must look like ${example}`)
    .optional();

export const ListAuditEventsQuery = z.strictObject({
  limit: z.coerce
    .number({ message: "must be an integer" })
    .int("must be an integer")
    .min(1, "must be at least 1")
    .max(200, "must be at most 200")
    .default(50),
  actor: Filter("actor", "user:<id> or api_key:<id>").meta({
    description: "Who acted: user:<user id>, api_key:<key id> or cli:<operator>",
  }),
  action: Filter("action", "api_key.created (or a prefix ending in a dot, e.g. webhook_endpoint.)").meta({
    description: "An action (api_key.created) or every action of a resource (api_key.)",
  }),
  target: Filter("target", "webhook_endpoint:<id>").meta({
    description: "What was acted on, e.g. webhook_endpoint:<id> or trip:<id>",
  }),
  since: z.iso
    .datetime({ offset: true, message: "must be an ISO 8601 date-time, e.g. 2026-11-01T00:00:00Z" })
    .optional()
    .meta({ description: "Only records at or after this time" }),
  cursor: z.string().max(300, "must be at most 300 characters").optional(),
});
export type ListAuditEventsFilters = z.output<typeof ListAuditEventsQuery>;

interface Row {
  id: string;
  created_at: Date | string;
  at_text: string;
  action: string;
  actor: string;
  actor_label: string | null;
  credential: string;
  ip: string | null;
  target: string;
  request_id: string;
  details: Record<string, unknown>;
}

/** The account's audit records, newest first, with the documented filters (each served by an index). */
export async function listAuditEvents(accountId: string, f: ListAuditEventsFilters) {
  const conds: SQL[] = [sql`a.account_id = ${accountId}::uuid`];
  if (f.actor) conds.push(sql`a.actor = ${f.actor}`);
  if (f.action)
    conds.push(
      f.action.endsWith(".") ? sql`a.action LIKE ${f.action.replace(/_/g, "\\_") + "%"}` : sql`a.action = ${f.action}`,
    );
  if (f.target) conds.push(sql`a.target = ${f.target}`);
  if (f.since) conds.push(sql`a.created_at >= ${f.since}::timestamptz`);
  if (f.cursor) {
    const c = decodeCursor(f.cursor, "uuid");
    conds.push(sql`(a.created_at, a.id) < (${c.at}::timestamptz, ${c.id}::uuid)`);
  }
  // Labels are looked up for the page only (the inner LIMIT), each by primary key. The
  // regex guards keep a malformed actor from failing the cast; a deleted user or key has none.
  const rows = await queryRows<Row>(
    await getDb(),
    sql`SELECT p.*, CASE
          WHEN p.actor ~ '^user:[0-9a-fA-F-]{36}$' THEN (SELECT u.email FROM users u WHERE u.id = substr(p.actor, 6)::uuid)
          WHEN p.actor ~ '^api_key:[0-9]{1,9}$' THEN (SELECT k.name FROM api_keys k WHERE k.id = substr(p.actor, 9)::int AND k.account_id = ${accountId}::uuid)
          WHEN p.actor LIKE 'cli:%' THEN substr(p.actor, 5)
        END AS actor_label
        FROM (SELECT a.id, a.created_at, a.created_at::text AS at_text, a.action, a.actor, a.credential, a.ip, a.target, a.request_id, a.details
              FROM audit_events a WHERE ${sql.join(conds, sql` AND `)}
              ORDER BY a.created_at DESC, a.id DESC LIMIT ${f.limit + 1}) p
        ORDER BY p.created_at DESC, p.id DESC`,
  );
  const page = rows.slice(0, f.limit);
  const more = rows.length > f.limit;
  const last = page[page.length - 1];
  return {
    audit_events: page.map((r) => ({
      audit_event_id: r.id,
      at: new Date(r.created_at).toISOString(),
      action: r.action,
      actor: r.actor,
      actor_label: r.actor_label,
      credential: r.credential,
      ip: r.ip,
      target: r.target,
      request_id: r.request_id,
      summary: r.details ?? {},
    })),
    has_more: more,
    next_cursor: more && last ? encodeCursor({ at: last.at_text, id: last.id }) : null,
  };
}
