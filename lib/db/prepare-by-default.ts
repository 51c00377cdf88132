/*
 * drizzle's postgres-js driver runs every statement it was not given a name for
 * (`.prepare("name")`) with `prepare: false`. For a statement with parameters postgres-js
 * then sends Parse + Describe, waits for the answer, and only then Bind + Execute: two round
 * trips per statement, and Postgres parses and plans the text again every time (issue 15
 * profile: `GET /v1/usage` spent ~0.65 ms of Postgres CPU per request on a one-row read, and
 * postgres-js's Describe handling was the client's top frame).
 *
 * This turns `prepare` on for such statements, so from the second time a connection sees a
 * text it is one round trip (Bind + Execute of a named statement, plan cached by Postgres).
 * postgres-js keeps a connection's statements for the connection's life and re-prepares on
 * "cached plan must not change result type" after a schema change (its retry routines).
 * Bounded: a text is prepared once it has been seen twice (one-off texts such as a batch
 * insert of an unusual size never are), texts over MAX_TEXT_LENGTH never are, and at most
 * MAX_PREPARED_TEXTS distinct texts per process are (then the rest run unnamed, as before).
 */
const MAX_PREPARED_TEXTS = 500;
const MAX_TEXT_LENGTH = 8_000;
const MAX_SEEN = 10_000;

const prepared = new Set<string>();
const seen = new Map<string, number>();

/** Whether a parameterised statement text is worth a named prepared statement. */
export function worthPreparing(text: string): boolean {
  if (prepared.has(text)) return true;
  if (text.length > MAX_TEXT_LENGTH || prepared.size >= MAX_PREPARED_TEXTS) return false;
  const n = (seen.get(text) ?? 0) + 1;
  if (n >= 2) {
    seen.delete(text);
    prepared.add(text);
    return true;
  }
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.set(text, n);
  return false;
}

type Options = { prepare?: boolean } & Record<string, unknown>;
type Unsafe = (text: string, args?: unknown, options?: Options) => unknown;
type Scope = (...args: any[]) => Promise<unknown>;
interface SqlLike {
  unsafe: Unsafe;
  begin?: Scope;
  savepoint?: Scope;
}

function patchUnsafe(sql: SqlLike): void {
  const unsafe = sql.unsafe;
  sql.unsafe = function (text: string, args?: unknown, options?: Options) {
    if (args !== undefined && !Array.isArray(args)) return unsafe(text, args, options);
    if (args && args.length > 0 && options?.prepare !== true && worthPreparing(text)) {
      return unsafe(text, args, { ...options, prepare: true });
    }
    return options === undefined ? unsafe(text, args) : unsafe(text, args, options);
  };
}

/** Wraps the `fn(sql)` scope of begin/savepoint so the scope's own `sql` prepares too. */
function patchScope(sql: SqlLike, key: "begin" | "savepoint"): void {
  const original = sql[key];
  if (!original) return;
  sql[key] = function (...args: any[]) {
    const last = args.length - 1;
    const fn = args[last];
    if (typeof fn !== "function") return original.apply(sql, args);
    args[last] = (inner: SqlLike) => fn(patchScopeSql(inner));
    return original.apply(sql, args);
  };
}

function patchScopeSql(sql: SqlLike): SqlLike {
  patchUnsafe(sql);
  patchScope(sql, "savepoint");
  return sql;
}

/** Makes a postgres-js client (and the scopes of its transactions) prepare repeated parameterised statements. */
export function prepareByDefault<T>(client: T): T {
  const sql = client as unknown as SqlLike;
  patchUnsafe(sql);
  patchScope(sql, "begin");
  return client;
}
