import { randomUUID } from "node:crypto";
import os from "node:os";
import { auditEvents } from "@/drizzle/schema";
import { getDb, type DbOrTx } from "@/lib/db/client";
import type { Principal } from "@/lib/http/types";
import { log } from "@/lib/log";

/** One audit record as the route helper (or the admin CLI) knows it. */
export interface AuditEntry {
  accountId: string;
  action: string;
  actor: string;
  credential: string;
  ip: string | null;
  target: string;
  requestId: string;
  details?: Record<string, unknown>;
}

/** Who acted: the person behind a session or an access token; a key acts for the account, so it is its own actor. */
export function auditActorOf(p: Principal): { actor: string; credential: string } | undefined {
  switch (p.type) {
    case "session":
      return { actor: `user:${p.userId}`, credential: "session" };
    case "access_token":
      return { actor: `user:${p.userId}`, credential: `access_token:${p.tokenId}` };
    case "api_key":
      return { actor: `api_key:${p.keyId}`, credential: `api_key:${p.keyId}` };
    default:
      return undefined;
  }
}

/**
 * The client address: the first X-Forwarded-For hop, else X-Real-IP; null when neither is sent.
 * The edge guard rewrites both before Next sees the request (lib/registry/edge/client-address.ts), so
 * a client cannot choose what is recorded.
 */
export function clientIpOf(req: Request): string | null {
  const forwarded = req.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  const ip = forwarded || req.headers.get("x-real-ip")?.trim() || null;
  // An address, not free text: anything else a client sends is not recorded.
  return ip && /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : null;
}

const SECRET_FIELD = /secret|password|token|key$|^key|authorization|signature/i;

/** Drops anything that could be a secret (by field name) before it is stored; values are kept short. */
export function safeDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(details)) {
    if (v === undefined || SECRET_FIELD.test(k)) continue;
    out[k] = typeof v === "string" && v.length > 200 ? `${v.slice(0, 200)}…` : v;
  }
  return out;
}

export async function recordAudit(e: AuditEntry, d?: DbOrTx): Promise<void> {
  const db = d ?? (await getDb());
  await db.insert(auditEvents).values({ ...e, details: safeDetails(e.details ?? {}) });
}

/**
 * The route helper's call, after a change succeeded and before its response: the change has
 * committed, so a failed insert cannot undo it; it is logged (with the request id, for the
 * operator to re-enter) and the caller still gets the change's response.
 */
export async function recordAuditAfterChange(e: AuditEntry): Promise<void> {
  try {
    await recordAudit(e);
  } catch (err) {
    log.error("audit.record_failed", {
      request_id: e.requestId,
      action: e.action,
      target: e.target,
      error: (err as Error).message,
    });
  }
}

/** The operator running the admin CLI, as its audit actor (cli:<login>). */
function cliOperator(): string {
  try {
    return os.userInfo().username || "operator";
  } catch {
    return process.env.USER || "operator";
  }
}

/** An admin CLI change, on the account's record like any other: actor cli:<login>, credential cli, no IP. */
export async function recordCliAudit(e: {
  accountId: string;
  action: string;
  target: string;
  details?: Record<string, unknown>;
}): Promise<void> {
  await recordAudit({
    ...e,
    actor: `cli:${cliOperator()}`,
    credential: "cli",
    ip: null,
    requestId: `cli-${randomUUID()}`,
  });
}
