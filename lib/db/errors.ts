/**
 * Classifies database errors for the request path: "the database is not
 * reachable right now" (503, retry later) versus everything else (500), and
 * extracts a loggable cause (code + first line of the message) without the
 * query parameters a driver may append (drizzle's "Failed query: …\nparams: …").
 */

// postgres-js connection error codes, and SQLSTATE classes 08 (connection) /
// 57P (operator intervention: shutdown, restart) / 53300 (too many connections).
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // lib/db/outage.ts: the database is known to be down (short-circuit, no network).
  "DATABASE_DOWN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

interface WithCode {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errno?: unknown;
}

function chain(err: unknown): WithCode[] {
  const out: WithCode[] = [];
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === "object"; i++) {
    out.push(e as WithCode);
    if (e instanceof AggregateError) out.push(...(e.errors as WithCode[]));
    e = (e as WithCode).cause;
  }
  return out;
}

export function isDatabaseUnavailable(err: unknown): boolean {
  return chain(err).some((e) => {
    const code = typeof e.code === "string" ? e.code : "";
    return UNAVAILABLE_CODES.has(code) || code.startsWith("08");
  });
}

/** The innermost error with a code (the driver's), as `{ code, message }`, message cut to its first line. */
export function dbCause(err: unknown): { code: string; message: string } | undefined {
  const withCode = chain(err).filter((e) => typeof e.code === "string");
  const e = withCode[withCode.length - 1];
  if (!e) return undefined;
  return {
    code: String(e.code),
    message: String(e.message ?? "")
      .split("\n")[0]
      .slice(0, 300),
  };
}
