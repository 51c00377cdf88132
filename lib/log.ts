import { env } from "@/lib/env";

type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

// Field names whose values are never written to logs, whatever their depth.
const SECRET_FIELD = /(authorization|password|secret|token|api[_-]?key|^key$|cookie|signature)/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? "[redacted]" : redact(v, depth + 1);
  return out;
}

export interface LogEntry {
  level: Level;
  msg: string;
  line: string;
}
let sink: ((entry: LogEntry) => void) | undefined;

/** Tests capture log lines (lib/testing/log-capture.ts) instead of printing them. */
export function setLogSink(next: ((entry: LogEntry) => void) | undefined): void {
  sink = next;
}

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (sink) {
    sink({
      level,
      msg,
      line: JSON.stringify({ level, time: new Date().toISOString(), msg, ...(redact(fields ?? {}) as object) }),
    });
    return;
  }
  let min: Level | "silent" = "info";
  try {
    min = env().LOG_LEVEL;
  } catch {
    /* env invalid: still log */
  }
  if (ORDER[level] < ORDER[min]) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...(redact(fields ?? {}) as object) });
  // stderr keeps stdout clean for the admin CLI's one JSON object.
  process.stderr.write(line + "\n");
}

export const log = {
  debug: (msg: string, f?: Record<string, unknown>) => write("debug", msg, f),
  info: (msg: string, f?: Record<string, unknown>) => write("info", msg, f),
  warn: (msg: string, f?: Record<string, unknown>) => write("warn", msg, f),
  error: (msg: string, f?: Record<string, unknown>) => write("error", msg, f),
};
