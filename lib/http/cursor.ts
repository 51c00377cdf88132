import { ApiError } from "./errors";
import { UUID_SHAPE } from "./ids";

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

const ID_SHAPE = { uuid: UUID_SHAPE, bigint: /^[1-9][0-9]{0,17}$/ };

/** Postgres refuses impossible dates (a 500 if passed through), so check the calendar too. */
function realTimestamp(at: string): boolean {
  const m = PG_TIMESTAMP.exec(at);
  if (!m) return false;
  const [y, mo, d] = at.slice(0, 10).split("-").map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d));
  return (
    y >= 1000 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    Number(at.slice(11, 13)) < 24 &&
    Number(at.slice(14, 16)) < 60 &&
    Number(at.slice(17, 19)) < 60
  );
}

export function decodeCursor(raw: string, idKind: keyof typeof ID_SHAPE = "uuid"): KeysetCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as [unknown, unknown];
    if (typeof at !== "string" || typeof id !== "string" || !realTimestamp(at) || !ID_SHAPE[idKind].test(id))
      throw new Error("shape");
    return { at, id };
  } catch {
    throw new ApiError("bad_request", "Invalid cursor: pass the next_cursor value from the previous page unchanged.", {
      details: { location: "query", field: "cursor" },
    });
  }
}
