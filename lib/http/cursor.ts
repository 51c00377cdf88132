import { ApiError } from "./errors";

/**
 * Keyset cursor over (timestamp, id), newest first. The timestamp is Postgres's
 * own text form (microseconds kept), so a page boundary never skips or repeats
 * rows that share a millisecond.
 */
export interface KeysetCursor {
  at: string;
  id: string;
}

export function encodeCursor(c: KeysetCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString("base64url");
}

const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

export function decodeCursor(raw: string): KeysetCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [unknown, unknown];
    if (typeof at !== "string" || typeof id !== "string" || !PG_TIMESTAMP.test(at) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error("shape");
    return { at, id };
  } catch {
    throw new ApiError("bad_request", "Invalid cursor: pass the next_cursor value from the previous page unchanged.", {
      details: { location: "query", field: "cursor" },
    });
  }
}
