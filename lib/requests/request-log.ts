import { requestLog } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import type { Principal } from "@/lib/http/types";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

/** What the route helper knows about a finished request. */
export interface RequestTrace {
  requestId: string;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  principal: Principal;
  billingUnits: number;
  errorCode: string | null;
}

type Row = typeof requestLog.$inferInsert;

const FLUSH_AT_ROWS = 500;
const FLUSH_AFTER_MS = 1000;
/** Beyond this many unflushed rows (the database is down or slow), new rows are dropped, never queued without bound. */
const MAX_BUFFERED = 20_000;

let buffer: Row[] = [];
let timer: NodeJS.Timeout | undefined;
let inFlight: Promise<void> | undefined;
let dropped = 0;

function credentialOf(p: Principal): { credentialType: string; credentialId: string | null; accountId: string | null } {
  switch (p.type) {
    case "api_key":
      return { credentialType: "api_key", credentialId: String(p.keyId), accountId: p.accountId };
    case "access_token":
      return { credentialType: "access_token", credentialId: String(p.tokenId), accountId: p.accountId };
    case "session":
      return { credentialType: "session", credentialId: null, accountId: p.accountId };
    case "visa_key":
      return { credentialType: "visa_key", credentialId: p.visaKeyId === null ? null : String(p.visaKeyId), accountId: p.accountId };
    default:
      return { credentialType: "none", credentialId: null, accountId: null };
  }
}

/**
 * Records a finished request: a synchronous push into an in-process buffer,
 * flushed as one multi-row INSERT every second or every 500 rows. The request
 * never waits for the log; a crash loses at most the last second of rows.
 */
export function recordRequest(t: RequestTrace): void {
  if (env().REQUEST_LOG === "off") return;
  if (buffer.length >= MAX_BUFFERED) {
    dropped++;
    return;
  }
  buffer.push({
    requestId: t.requestId,
    at: new Date(),
    method: t.method,
    path: t.path,
    status: t.status,
    latencyMs: Math.max(0, Math.round(t.latencyMs)),
    billingUnits: t.billingUnits,
    errorCode: t.errorCode,
    ...credentialOf(t.principal),
  });
  if (buffer.length >= FLUSH_AT_ROWS) void flushRequestLog();
  else if (!timer) {
    timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
    timer.unref?.();
  }
}

/** Writes what is buffered (tests and shutdown call it; one flush at a time). */
export async function flushRequestLog(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (inFlight) await inFlight;
  if (buffer.length === 0) return;
  const rows = buffer;
  buffer = [];
  inFlight = (async () => {
    try {
      const db = await getDb();
      for (let i = 0; i < rows.length; i += FLUSH_AT_ROWS) await db.insert(requestLog).values(rows.slice(i, i + FLUSH_AT_ROWS));
    } catch (err) {
      log.warn("request log flush failed; rows dropped", { rows: rows.length, error: (err as Error).message });
    } finally {
      inFlight = undefined;
    }
    if (dropped > 0) {
      log.warn("request log buffer was full; rows dropped", { rows: dropped });
      dropped = 0;
    }
  })();
  await inFlight;
  if (buffer.length >= FLUSH_AT_ROWS) await flushRequestLog();
}
