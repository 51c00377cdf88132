import { allContracts } from "@/lib/registry/all-contracts";
import type { RouteContract } from "@/lib/http/contract";
import { call, type CallResult } from "@/lib/http/testing/call-route";
import { bodyFor, credentialHeaders, paramsFor, type ApiWorld } from "./api-world";
import { routeHandlers } from "./route-registry";

type AnyContract = RouteContract<any, any, any, any, any>;

/** Every operation in the public document. */
export const publicContracts = (): AnyContract[] => allContracts().filter((c) => !c.internal);

/** The documented status of an operation's example: its own, or the first 2xx. */
export function exampleStatus(c: AnyContract): number {
  return c.examples?.status ?? Number(Object.keys(c.responses).find((s) => s.startsWith("2")));
}

/** Operations whose examples are about a time window: their dates are moved so the window starts tomorrow. */
const TIME_RELATIVE = new Set([
  "watches.create",
  "weather.analyseTimeline",
  "weather.analyseRoute",
  "weather.createSimulation",
]);
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(T.*)$/;

function rebase(body: unknown): unknown {
  const json = JSON.stringify(body);
  const dates = [...json.matchAll(/"(\d{4}-\d{2}-\d{2})T[^"]*"/g)].map((m) => Date.parse(`${m[1]}T00:00:00Z`));
  if (dates.length === 0) return body;
  const tomorrow = Date.parse(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) + "T00:00:00Z");
  const shift = tomorrow - Math.min(...dates);
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") {
      const m = DATE_TIME.exec(v);
      return m ? new Date(Date.parse(`${m[1]}T00:00:00Z`) + shift).toISOString().slice(0, 10) + m[2] : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(body);
}

export interface ExampleRequest {
  path: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** The operation's documented example, addressed to fresh fixtures of the world, with its credential. */
export async function exampleRequest(c: AnyContract, w: ApiWorld): Promise<ExampleRequest> {
  const ex = c.examples ?? {};
  const params = await paramsFor(c, w, (op) => runExample(op, w));
  const query = Object.fromEntries(Object.entries(ex.query ?? {}).map(([k, v]) => [k, String(v)]));
  const body = await bodyFor(
    c,
    w,
    ex.body !== undefined && TIME_RELATIVE.has(c.operationId ?? "") ? rebase(ex.body) : ex.body,
  );
  return { path: c.path, params, headers: credentialHeaders(c, w), query, body };
}

export async function send(
  c: AnyContract,
  r: ExampleRequest,
  opts: { checkContract?: false } = {},
): Promise<CallResult> {
  const handler = (await routeHandlers()).get(`${c.method} ${c.path}`);
  if (!handler) throw new Error(`no route mounted for ${c.method} ${c.path}`);
  const qs = new URLSearchParams(r.query).toString();
  const path =
    r.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(r.params[n] ?? "")) + (qs ? `?${qs}` : "");
  return call(handler, { method: c.method, path, params: r.params, headers: r.headers, body: r.body, ...opts });
}

/** Runs an operation's example and returns its body (throws unless it answers its documented status). */
export async function runExample(operationId: string, w: ApiWorld): Promise<any> {
  const c = publicContracts().find((x) => x.operationId === operationId);
  if (!c) throw new Error(`no operation ${operationId}`);
  const res = await send(c, await exampleRequest(c, w));
  if (res.status !== exampleStatus(c))
    throw new Error(`${operationId} example: ${res.status} ${res.text.slice(0, 500)}`);
  return res.body;
}
