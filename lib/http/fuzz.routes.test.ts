import { randomInt } from "node:crypto";
import { METHODS } from "node:http";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeApiWorld, type ApiWorld } from "@/lib/testing/api-world";
import { exampleRequest, publicContracts, send, type ExampleRequest } from "@/lib/testing/example-requests";
import { invalidObject, valid, type Components, type Schema } from "@/lib/testing/schema-arbitrary";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { edgeCheck } from "@/lib/registry/edge/edge-check";
import { routeHandlers } from "@/lib/testing/route-registry";
import { call } from "./testing/call-route";

/**
 * Schema-driven fuzz: for every operation, requests generated from the served document (fast-check
 * from the same JSON Schemas) with the credential its security names. Valid ones must never be
 * refused with a 400 nor get a 5xx; invalid ones (one rule broken) must be a 4xx, never a 2xx or a
 * 5xx; every response must match the document (call() checks it strictly). Bounded: VALID + INVALID
 * requests per operation. Seedable: FUZZ_SEED=<n>; the seed is printed with the counts and in every
 * failure message.
 */
// A fresh seed on every local run (that is how the fuzzer finds things); CI uses a fixed one so a
// merge gate is reproducible. Any seed replays with FUZZ_SEED.
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 20261124 : randomInt(2 ** 31);
const VALID = Number(process.env.FUZZ_VALID ?? 4);
const INVALID = Number(process.env.FUZZ_INVALID ?? 3);

type Param = { name: string; in: string; required?: boolean; schema: Schema };
type Op = { operationId: string; parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } };
const doc = openApiDocument() as unknown as {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Components };
};
const components = doc.components.schemas;

/**
 * 400s on schema-valid requests that depend on stored state or geometry no schema can state; any
 * other 400 naming a field (details.issues) on a valid request is a gap in the document.
 */
const STATE_RULES: Array<{ op: string; message: RegExp; why: string }> = [
  {
    op: "tripEvents.update",
    message: /only allowed on|must not be before startDateTime/,
    why: "checked against the stored event's type and start",
  },
  {
    op: "tripOps.apply",
    message: /only allowed on|must not be before startDateTime/,
    why: "update_event is checked against the stored event",
  },
  {
    op: "proposals.create",
    message: /unless every option schedules|entity_index|duplicate option id/,
    why: "options refer to entities by index and to each other by id",
  },
  {
    op: "proposals.create",
    message:
      /unless every option carries changes|base_revision is required when|is changed twice|must not be before startDateTime/,
    why: "a proposal proposes something (entities, or changes in every option); changes need the revision they were made at",
  },
  {
    op: "watches.create",
    message: /Invalid webhook_id: no webhook endpoint/,
    why: "webhook_id must name a stored endpoint of the account",
  },
  {
    op: "webhooks.recover",
    message: /until must be after since|since must not be in the future/,
    why: "a window's two ends are checked against each other and against now",
  },
  {
    op: "weather.analyseRoute",
    message: /antipodal|outside valid coordinates/,
    why: "geometry: antipodal ends, or a polyline whose running sum leaves the globe",
  },
];

const stats = { operations: 0, requests: 0, valid: 0, invalid: 0, domainRefusals: 0, failures: [] as string[] };
let w: ApiWorld;

// Its own database, loopback webhook settings, one HTTPS receiver for the file.
const world = deliveryTestWorld("0", { receiverPerFile: true });

beforeAll(async () => {
  w = await makeApiWorld(world.rx.url("/skycast/events"));
});
afterAll(async () => {
  console.log(
    `fuzz seed=${SEED}: ${stats.operations} operations covered, ${stats.requests} requests sent (${stats.valid} valid, ${stats.invalid} invalid; ${stats.domainRefusals} valid ones refused by state rules), ${stats.failures.length} failures`,
  );
});

/** Query parameters from their schemas (an opaque cursor cannot be made up: only the server issues one). */
function queryArb(params: Param[]): fc.Arbitrary<Record<string, string>> {
  const q = params.filter((p) => p.in === "query" && p.name !== "cursor");
  const parts = Object.fromEntries(q.map((p) => [p.name, valid(p.schema, components).map((v) => String(v))]));
  return fc.record(parts, { requiredKeys: q.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<
    Record<string, string>
  >;
}

async function attempt(
  label: string,
  c: ReturnType<typeof publicContracts>[number],
  r: ExampleRequest,
  expectValid: boolean,
): Promise<string | undefined> {
  stats.requests++;
  if (expectValid) stats.valid++;
  else stats.invalid++;
  let res;
  try {
    res = await send(c, r);
  } catch (err) {
    return `${label}: ${(err as Error).message.split("\n").slice(0, 3).join(" | ")}`;
  }
  const what = `${label} -> ${res.status} ${res.text.slice(0, 300)}\n    request: ${JSON.stringify({ query: r.query, body: r.body }).slice(0, 600)}`;
  if (res.status >= 500) return `5xx: ${what}`;
  if (expectValid && res.status === 400) {
    const err = res.body?.error && typeof res.body.error === "object" ? res.body.error : res.body;
    const message = String(err?.message ?? err?.error ?? "");
    const issues = err?.details?.issues;
    const schemaReason = (Array.isArray(issues) && issues.length > 0) || err?.details?.field !== undefined;
    if (!schemaReason) {
      // Refused by the resource's state (no such member to add, a revision ahead of the trip): not the schema.
      stats.domainRefusals++;
      return undefined;
    }
    if (STATE_RULES.some((r) => r.op === c.operationId && r.message.test(message + JSON.stringify(issues)))) {
      stats.domainRefusals++;
      return undefined;
    }
    return `valid request refused: ${what}`;
  }
  if (!expectValid && res.status < 400) return `invalid request accepted: ${what}`;
  return undefined;
}

describe(`schema-driven fuzz (FUZZ_SEED=${SEED})`, () => {
  publicContracts().forEach((c, index) => {
    it(`${c.operationId}: ${c.method} ${c.path}`, async () => {
      const op = doc.paths[c.path][c.method.toLowerCase()];
      const params = op.parameters ?? [];
      const bodySchema = op.requestBody?.content["application/json"]?.schema;
      const seed = SEED + index * 7919;
      const queries = fc.sample(queryArb(params), { seed, numRuns: VALID + INVALID });
      const bodies = bodySchema
        ? fc.sample(valid(bodySchema, components), { seed: seed + 1, numRuns: VALID + INVALID })
        : [];
      // Header parameters (Idempotency-Key on POST/PATCH) from their schemas too: the key layer runs on every valid request.
      const headerParams = params.filter((p) => p.in === "header");
      const headerSets = fc.sample(
        fc.record(
          Object.fromEntries(headerParams.map((p) => [p.name, valid(p.schema, components).map(String)])),
        ) as fc.Arbitrary<Record<string, string>>,
        { seed: seed + 2, numRuns: VALID + INVALID },
      );
      const failures: string[] = [];
      stats.operations++;
      for (let i = 0; i < VALID + INVALID; i++) {
        const base = await exampleRequest(c, w);
        const r: ExampleRequest = {
          ...base,
          headers: { ...base.headers, ...headerSets[i] },
          query: queries[i],
          body: bodySchema ? bodies[i] : undefined,
        };
        if (i < VALID) {
          const f = await attempt(`valid #${i}`, c, r, true);
          if (f) failures.push(f);
          continue;
        }
        // Invalid: break one rule of the body, else of a query parameter, else address a malformed id.
        const pick = seed + i;
        const mutation =
          bodySchema && r.body && typeof r.body === "object" && !Array.isArray(r.body)
            ? invalidObject(r.body as Record<string, unknown>, bodySchema, components, pick)
            : undefined;
        const queryParams = params.filter(
          (p) =>
            p.in === "query" &&
            (p.schema.enum ||
              p.schema.pattern ||
              p.schema.format ||
              ["integer", "number"].includes(String(p.schema.type))),
        );
        const pathParams = params.filter((p) => p.in === "path");
        let bad: ExampleRequest | undefined;
        let label = "";
        if (mutation && (pick % 3 !== 0 || (queryParams.length === 0 && pathParams.length === 0))) {
          bad = { ...r, body: mutation.value };
          label = `invalid #${i} (body: ${mutation.kind} ${mutation.field ?? ""})`;
        } else if (queryParams.length > 0 && (pick % 2 === 0 || pathParams.length === 0)) {
          const p = queryParams[pick % queryParams.length];
          bad = { ...r, query: { ...r.query, [p.name]: "%not valid%" } };
          label = `invalid #${i} (query ${p.name})`;
        } else if (pathParams.length > 0) {
          const p = pathParams[pick % pathParams.length];
          bad = { ...r, params: { ...r.params, [p.name]: "not-an-id" } };
          label = `invalid #${i} (path ${p.name})`;
        } else if (bodySchema) {
          bad = { ...r, body: ["not", "an", "object"] };
          label = `invalid #${i} (body not an object)`;
        }
        if (!bad) continue;
        const f = await attempt(label, c, bad, false);
        if (f) failures.push(f);
      }
      stats.failures.push(...failures.map((f) => `${c.operationId} ${f}`));
      expect(failures, `FUZZ_SEED=${SEED} reproduces this`).toEqual([]);
    });
  });
});

/** Session cookies no browser would send: bad escapes, truncated UTF-8, junk. Each is "no session". */
const BAD_COOKIES = [
  "next-auth.session-token=%ZZ",
  "__Secure-next-auth.session-token=%E0%A4%A",
  "next-auth.session-token=%ED%A0%80; other=1",
  "next-auth.session-token=; next-auth.session-token=%",
  "=%ZZ; next-auth.session-token",
];

/**
 * The same operations at the edge: malformed cookies (with the credential and alone), every
 * method Node's parser accepts on the operation's path (the edge's 405 or a routed handler), and
 * random bytes percent-encoded into each path parameter (the edge's 400 or the route's answer).
 * Nothing may be a 5xx; refusals carry Allow and a request id.
 */
describe(`edge fuzz: cookies, raw path bytes, every method (FUZZ_SEED=${SEED})`, () => {
  publicContracts().forEach((c, index) => {
    it(`${c.operationId}: ${c.method} ${c.path}`, async () => {
      const failures: string[] = [];
      const base = await exampleRequest(c, w);
      const concrete = (params: Record<string, string>) =>
        c.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(params[n] ?? ""));
      const check = (label: string, res: { status: number; text: string }) => {
        stats.requests++;
        if (res.status >= 500) failures.push(`${label} -> ${res.status} ${res.text.slice(0, 200)}`);
      };
      for (const cookie of BAD_COOKIES) {
        check(`cookie ${cookie} with credential`, await send(c, { ...base, headers: { ...base.headers, cookie } }));
        const alone = await send(c, { ...base, headers: { cookie } });
        check(`cookie ${cookie} alone`, alone);
        const needsCredential =
          c.auth.security.length > 0 &&
          c.auth.security.every((r: Record<string, string[]>) => Object.keys(r).length > 0);
        if (needsCredential && alone.status < 400)
          failures.push(`cookie ${cookie} alone was admitted: ${alone.status}`);
      }
      const handlers = await routeHandlers();
      for (const method of METHODS) {
        const path = concrete(base.params);
        const refusal = edgeCheck(method, path);
        const handler = handlers.get(`${method} ${c.path}`);
        if (refusal) {
          stats.requests++;
          if (refusal.error.status !== 405 || !refusal.error.headers.Allow?.includes(c.method))
            failures.push(`${method} ${path}: edge gave ${refusal.error.status} Allow=${refusal.error.headers.Allow}`);
          if (handler) failures.push(`${method} ${path}: refused at the edge although the route answers it`);
          continue;
        }
        if (method === "HEAD" || method === "OPTIONS") continue; // Next answers these from GET / the exports
        if (!handler) {
          failures.push(`${method} ${path}: passed by the edge but no route answers it`);
          continue;
        }
        check(
          `${method} ${path}`,
          await call(handler, { method, path, params: base.params, headers: base.headers, checkContract: false }),
        );
      }
      const names = [...c.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const byteRuns = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 6 }), {
        seed: SEED + index * 104729,
        numRuns: 6,
      });
      for (const name of names) {
        for (const bytes of byteRuns) {
          const encoded = [...bytes].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
          const rawPath = c.path.replace(/\{(\w+)\}/g, (_, n: string) =>
            n === name ? encoded : encodeURIComponent(base.params[n] ?? ""),
          );
          const refusal = edgeCheck(c.method, rawPath);
          if (refusal) {
            stats.requests++;
            if (refusal.error.status !== 400) failures.push(`${rawPath}: edge gave ${refusal.error.status}`);
            continue;
          }
          const decoded = decodeURIComponent(encoded);
          check(
            `path ${name}=${encoded}`,
            await send(c, { ...base, params: { ...base.params, [name]: decoded } }, { checkContract: false }),
          );
        }
      }
      stats.failures.push(...failures.map((f) => `${c.operationId} ${f}`));
      expect(failures, `FUZZ_SEED=${SEED} reproduces this`).toEqual([]);
    });
  });
});

/** Integers at and beyond the int4 and int8 bounds (ids and revisions are Postgres integers), and past a double's range. */
const BOUND_INTEGERS = [
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "1e300",
];
/** JSON nested this deep: recursive code anywhere (validation, fingerprints, stringify) must refuse it, not overflow. */
const DEPTH = 5000;
const DEEP_ARRAY = "[".repeat(DEPTH) + "]".repeat(DEPTH);
const DEEP_OBJECT = '{"a":'.repeat(DEPTH) + "1" + "}".repeat(DEPTH);
const HOLE = "__fuzz_hole__";
/** The body as JSON text with one value replaced by raw JSON text (a literal beyond a double's precision, or too deep to stringify). */
const bodyWith = (body: unknown, at: Array<string | number>, raw: string) =>
  JSON.stringify(setAt(body, at, HOLE)).replace(JSON.stringify(HOLE), raw);

/** Every path in a JSON value whose value is an integer. */
function integerPaths(v: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof v === "number" && Number.isInteger(v)) return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => integerPaths(x, [...at, i]));
  if (v && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => integerPaths(x, [...at, k]));
  return [];
}
function setAt(v: unknown, at: Array<string | number>, value: unknown): unknown {
  if (at.length === 0) return value;
  const copy: any = Array.isArray(v) ? [...v] : { ...(v as object) };
  copy[at[0]] = setAt(copy[at[0]], at.slice(1), value);
  return copy;
}

/**
 * Issue 43, items 4 and 7: every operation gets integers at and beyond the int4/int8 bounds in each
 * integer query and path parameter and each integer of its example body, and deeply nested JSON as
 * its body and as each body field (with an Idempotency-Key on POST/PATCH, whose fingerprint walks the
 * body). Any answer but a 5xx is acceptable; there must be no 5xx.
 */
describe("integer bounds and deep JSON on every operation: 0 × 5xx", () => {
  publicContracts().forEach((c) => {
    it(`${c.operationId}: ${c.method} ${c.path}`, async () => {
      const op = doc.paths[c.path][c.method.toLowerCase()];
      const params = op.parameters ?? [];
      const base = await exampleRequest(c, w);
      let n = 0;
      const idem = (): Record<string, string> =>
        c.method === "POST" || c.method === "PATCH" ? { "Idempotency-Key": `fuzz-${c.operationId}-${++n}` } : {};
      const failures: string[] = [];
      const handler = (await routeHandlers()).get(`${c.method} ${c.path}`)!;
      const check = async (label: string, r: ExampleRequest, rawBody?: string) => {
        stats.requests++;
        const headers: Record<string, string> = {
          ...r.headers,
          ...idem(),
          ...(rawBody === undefined ? {} : { "content-type": "application/json" }),
        };
        const res =
          rawBody === undefined
            ? await send(c, { ...r, headers }, { checkContract: false })
            : await call(handler, {
                method: c.method,
                path: c.path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(r.params[n] ?? "")),
                params: r.params,
                headers,
                rawBody,
                checkContract: false,
              });
        if (res.status >= 500) failures.push(`${label} -> ${res.status} ${res.text.slice(0, 200)}`);
      };
      const isInt = (s: Schema | undefined) =>
        !!s && (s.type === "integer" || (Array.isArray(s.type) && s.type.includes("integer")));
      for (const p of params.filter((x) => x.in === "query" && isInt(x.schema))) {
        for (const n of BOUND_INTEGERS)
          await check(`query ${p.name}=${n}`, { ...base, query: { ...base.query, [p.name]: n } });
      }
      for (const p of params.filter((x) => x.in === "path")) {
        for (const n of BOUND_INTEGERS)
          await check(`path ${p.name}=${n}`, { ...base, params: { ...base.params, [p.name]: n } });
      }
      if (op.requestBody) {
        for (const at of integerPaths(base.body)) {
          for (const n of BOUND_INTEGERS) await check(`body ${at.join(".")}=${n}`, base, bodyWith(base.body, at, n));
        }
        await check("body: deep array", base, DEEP_ARRAY);
        await check("body: deep object", base, DEEP_OBJECT);
        if (base.body && typeof base.body === "object" && !Array.isArray(base.body)) {
          for (const k of Object.keys(base.body)) {
            await check(`body ${k}: deep object`, base, bodyWith(base.body, [k], DEEP_OBJECT));
            await check(`body ${k}: deep array`, base, bodyWith(base.body, [k], DEEP_ARRAY));
          }
        }
      }
      stats.failures.push(...failures.map((f) => `${c.operationId} ${f}`));
      expect(failures).toEqual([]);
    });
  });
});
