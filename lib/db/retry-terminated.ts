import { log } from "@/lib/log";
import { isDatabaseDown } from "./outage";

/*
 * A pooled connection that Postgres terminated while it sat idle (a restart, a failover,
 * pg_terminate_backend, an idle-session timeout; 57P01/57P02/57P03) or whose socket was reset
 * fails the next statement sent on it, although the server is healthy and the pool would open a
 * fresh connection for the statement after it. Issue 40 saw that 2.5 minutes after a restart: the
 * instance took those errors for an outage and answered 503s. So a statement that fails that way
 * is sent once more, on whatever connection the pool gives it next (the dead one is gone); only if
 * that fails too does the error reach the caller (and lib/db/outage.ts).
 *
 * What is retried, and why it cannot apply a write twice:
 * - a statement outside a transaction whose server said it terminated the backend (57P0x): the
 *   backend aborts whatever it was running when it takes the termination, so nothing committed;
 * - a SELECT outside a transaction on a reset or closed socket (no effect to repeat);
 * - any statement whose connection could not be made in time (CONNECT_TIMEOUT: never sent);
 * - a transaction whose BEGIN failed so (its callback had not started). A transaction cut off
 *   after its callback started is never re-run here: its error reaches the caller.
 */
const TERMINATED = new Set(["57P01", "57P02", "57P03"]);
const RESET = new Set(["ECONNRESET", "EPIPE", "CONNECTION_CLOSED", "CONNECTION_DESTROYED"]);
// The connection was never made, so the statement never reached the server: any statement may be
// sent again. A slow connect right after a restart, when every pool reconnects at once, is not an
// outage (the multi-instance restart test saw those 2-4 s after Postgres answered).
const NEVER_SENT = new Set(["CONNECT_TIMEOUT"]);

function codeOf(err: unknown): string {
  const e = err as { code?: unknown } | null;
  return e && typeof e.code === "string" ? e.code : "";
}

/** Whether a statement that failed with `err` may be sent once more on a fresh connection. */
export function retryableOnFreshConnection(err: unknown, text: string | null): boolean {
  // Known down (a probe is retrying): fail now, the 503 must not wait for a second connect.
  if (isDatabaseDown()) return false;
  const code = codeOf(err);
  if (TERMINATED.has(code) || NEVER_SENT.has(code)) return true;
  return RESET.has(code) && text !== null && /^\s*select\b/i.test(text);
}

// Counted for /metrics and the tests: statements saved by a retry.
const g = globalThis as unknown as { __terminatedRetries?: { n: number } };
export const terminatedRetries = (g.__terminatedRetries ??= { n: 0 });

type Query = PromiseLike<unknown> & { values?: () => unknown };
type Unsafe = (text: string, args?: unknown, options?: unknown) => Query;
type Scope = (...args: any[]) => Promise<unknown>;
interface SqlLike {
  unsafe: Unsafe;
  begin?: Scope;
}

function note(err: unknown, what: string): void {
  terminatedRetries.n++;
  log.warn("database connection was terminated; retrying once on a fresh connection", { code: codeOf(err), what });
}

/** A lazy query (postgres-js runs a query when it is awaited) that is re-created once on a terminated connection. */
function retrying(make: () => Query, text: string): Query {
  let values = false;
  let run: Promise<unknown> | undefined;
  const send = (q: Query) => (values && q.values ? (q.values() as PromiseLike<unknown>) : q);
  const exec = () =>
    (run ??= Promise.resolve(send(make())).catch((err: unknown) => {
      if (!retryableOnFreshConnection(err, text)) throw err;
      note(err, "statement");
      return send(make());
    }));
  const q: Query & { catch: Promise<unknown>["catch"]; finally: Promise<unknown>["finally"] } = {
    values() {
      values = true;
      return q;
    },
    then: (ok, fail) => exec().then(ok, fail),
    catch: (fail) => exec().catch(fail),
    finally: (f) => exec().finally(f),
  };
  return q;
}

/** Makes a postgres-js client retry, once, statements and transactions cut off by a terminated idle connection. */
export function retryTerminated<T>(client: T): T {
  const sql = client as unknown as SqlLike;
  const unsafe = sql.unsafe;
  sql.unsafe = function (text: string, args?: unknown, options?: unknown) {
    // postgres-js's own BEGIN (it reserves the connection, `onexecute`): the transaction retry below covers it.
    if ((options as { onexecute?: unknown } | undefined)?.onexecute) return unsafe(text, args, options);
    return retrying(() => (options === undefined ? unsafe(text, args) : unsafe(text, args, options)), text);
  };
  const begin = sql.begin;
  if (begin) {
    sql.begin = async function (...args: any[]) {
      const last = args.length - 1;
      const fn = args[last];
      if (typeof fn !== "function") return begin.apply(sql, args);
      let started = false;
      const call = () => {
        const a = [...args];
        a[last] = (inner: unknown) => {
          started = true;
          return fn(inner);
        };
        return begin.apply(sql, a);
      };
      try {
        return await call();
      } catch (err) {
        if (
          started ||
          isDatabaseDown() ||
          !(TERMINATED.has(codeOf(err)) || RESET.has(codeOf(err)) || NEVER_SENT.has(codeOf(err)))
        )
          throw err;
        note(err, "begin");
        return call();
      }
    };
  }
  return client;
}
