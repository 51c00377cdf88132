import { sql } from "drizzle-orm";
import { requestLog } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { isDatabaseDown, noteDatabaseError, onDatabaseUp } from "@/lib/db/outage";
import type { FinishedRequest } from "@/lib/http/route-hooks";
import type { Principal } from "@/lib/http/types";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { RequestSource } from "./request-source";
import { currentToolName } from "@/lib/http/tool-context";

/** A finished request as the route helper reports it (lib/http/route-hooks.ts), and who made it. */
export interface RequestTrace extends FinishedRequest {
  source: RequestSource;
}

/** request_log's columns as stored and read back (snake_case: the column names). */
export interface RequestLogFields {
  request_id: string;
  method: string;
  path: string;
  status: number;
  latency_ms: number;
  credential_type: string;
  credential_id: string | null;
  billing_units: number;
  error_code: string | null;
  error_message: string | null;
  /** api | portal | playground (request-source.ts). */
  source: string;
  /** The MCP tool that made the call (null for a direct REST call). */
  tool: string | null;
}

/** A buffered row; its keys are column names (json_to_recordset matches them by name). */
type Row = RequestLogFields & { account_id: string | null; at_ms: number };

/*
 * A batch is one JSON parameter, not a multi-row VALUES list: drizzle's insert of 500 rows bound
 * 5,500 parameters one by one (~30 us of Node CPU per logged request, 13% of a warm weather call)
 * and its text changed with the batch size, so Postgres planned it afresh each flush. This text is
 * constant (prepared from its second use, lib/db/prepare-by-default.ts), and JSON.stringify is native.
 */
const insertBatch = (rowsJson: string) => sql`
  INSERT INTO ${requestLog} (request_id, account_id, at, method, path, status, latency_ms, credential_type, credential_id, billing_units, error_code, error_message, source, tool)
  SELECT r.request_id, r.account_id, 'epoch'::timestamptz + r.at_ms * interval '1 millisecond', r.method, r.path, r.status,
         r.latency_ms, r.credential_type, r.credential_id, r.billing_units, r.error_code, r.error_message, r.source, r.tool
  FROM json_to_recordset(${rowsJson}::json) AS r(request_id uuid, account_id uuid, at_ms bigint, method text, path text, status int,
       latency_ms int, credential_type text, credential_id text, billing_units int, error_code text, error_message text, source text, tool text)`;

const FLUSH_AT_ROWS = 500;
const FLUSH_AFTER_MS = 1000;
/**
 * Beyond this many unflushed rows (the database is down or slow), new rows are dropped, never
 * queued without bound (counted: request_log_rows_dropped_total). Up to it, rows of an outage are
 * kept and written once the database is back (~5 MB at ~250 bytes a row).
 */
export const MAX_BUFFERED = 20_000;

let buffer: Row[] = [];
let timer: NodeJS.Timeout | undefined;
let inFlight: Promise<void> | undefined;
/** Dropped since the last warning (logged once per flush), and in the process's life (the metric). */
let dropped = 0;
let droppedTotal = 0;

/** Rows dropped past the bound in this process's life, and rows waiting to be written (/metrics). */
export function requestLogStats(): { dropped: number; buffered: number } {
  return { dropped: droppedTotal, buffered: buffer.length };
}

// Rows kept through an outage are written as soon as the database is back.
onDatabaseUp(() => void flushRequestLog());

function drop(n: number): void {
  dropped += n;
  droppedTotal += n;
}

function credentialOf(p: Principal): Pick<Row, "credential_type" | "credential_id" | "account_id"> {
  switch (p.type) {
    case "api_key":
      return { credential_type: "api_key", credential_id: String(p.keyId), account_id: p.accountId };
    case "access_token":
      return { credential_type: "access_token", credential_id: String(p.tokenId), account_id: p.accountId };
    case "session":
      return { credential_type: "session", credential_id: null, account_id: p.accountId };
    case "visa_key":
      return {
        credential_type: "visa_key",
        credential_id: p.visaKeyId === null ? null : String(p.visaKeyId),
        account_id: p.accountId,
      };
    default:
      return { credential_type: "none", credential_id: null, account_id: null };
  }
}

/**
 * Records a finished request: a synchronous push into an in-process buffer,
 * flushed as one multi-row INSERT every second or every 500 rows. The request
 * never waits for the log; a crash loses at most the last second of rows, and an outage of
 * the database loses none up to MAX_BUFFERED (flushRequestLog).
 */
export function recordRequest(t: RequestTrace): void {
  if (env().REQUEST_LOG === "off") return;
  if (buffer.length >= MAX_BUFFERED) {
    drop(1);
    return;
  }
  buffer.push({
    request_id: t.requestId,
    at_ms: Date.now(),
    method: t.method,
    path: t.path,
    status: t.status,
    latency_ms: Math.max(0, Math.round(t.latencyMs)),
    billing_units: t.billingUnits,
    error_code: t.errorCode,
    error_message: t.errorCode === null ? null : t.errorMessage,
    source: t.source,
    tool: currentToolName() ?? null,
    ...credentialOf(t.principal),
  });
  // While the database is down the timer retries (and recovery flushes): no attempt per request.
  if (buffer.length >= FLUSH_AT_ROWS && !isDatabaseDown()) void flushRequestLog();
  else if (!timer) {
    timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
    timer.unref?.();
  }
}

/**
 * Writes what is buffered (tests and shutdown call it; one flush at a time). When the database is
 * unreachable the rows not yet written go back to the front of the buffer (oldest first, within
 * MAX_BUFFERED; the excess is dropped and counted) and are written once it is back: the timer
 * retries every second, and the outage state's recovery flushes at once. Any other failure (a row
 * Postgres refuses) drops that batch: retrying it would fail forever.
 */
export async function flushRequestLog(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (inFlight) await inFlight;
  if (buffer.length === 0) return;
  const rows = buffer;
  buffer = [];
  let kept = false;
  inFlight = (async () => {
    let written = 0;
    try {
      const db = await getDb();
      for (; written < rows.length; written += FLUSH_AT_ROWS)
        await db.execute(insertBatch(JSON.stringify(rows.slice(written, written + FLUSH_AT_ROWS))));
    } catch (err) {
      const left = rows.slice(written);
      if (noteDatabaseError(err)) {
        // Kept: older rows first; what no longer fits under the bound is dropped (newest first).
        const all = left.concat(buffer);
        buffer = all.slice(0, MAX_BUFFERED);
        drop(all.length - buffer.length);
        kept = true;
      } else {
        drop(left.length);
        log.warn("request log flush failed; rows dropped", { rows: left.length, error: (err as Error).message });
      }
    } finally {
      inFlight = undefined;
    }
    if (dropped > 0) {
      log.warn("request log buffer was full; rows dropped", { rows: dropped });
      dropped = 0;
    }
  })();
  await inFlight;
  if (kept) {
    // Database down: retry on the timer (and at once on recovery), not in a loop here.
    if (!timer) {
      timer = setTimeout(() => void flushRequestLog(), FLUSH_AFTER_MS);
      timer.unref?.();
    }
    return;
  }
  if (buffer.length >= FLUSH_AT_ROWS) await flushRequestLog();
}
