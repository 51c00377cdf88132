import { z } from "zod";
import { createDocument } from "zod-openapi";
import { DEFAULT_CHALLENGE, type ResponseDocs, type RouteContract } from "./contract";
import { TAG_DESCRIPTIONS } from "./tag-docs";
import { derivedErrorDocs, honoursIdempotencyKey, idempotencyErrorDocs } from "./error-docs";
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  ORIGINAL_REQUEST_HEADER,
  REPLAYED_HEADER,
  takesIdempotencyKey,
} from "./idempotency";
import { errorSchemaFor, WeatherMetaSchema } from "./envelopes";
import { attachExamples, type ExampleTarget } from "./examples/attach";
import { applyGeneratorRules } from "./openapi-generator-rules";

type AnyContract = RouteContract<any, any, any, any, any>;

interface HeaderDoc {
  description: string;
  type?: "string" | "integer";
  statuses?: number[];
}

/** Response headers of a route: the request id always, the quota headers on metered routes, and the contract's own. */
function documentedHeaders(c: AnyContract): Record<string, HeaderDoc> {
  const out: Record<string, HeaderDoc> = {
    "X-Request-Id": { description: "Unique id of this request (also in error bodies and meta.request_id)." },
  };
  if (c.meter) {
    out["X-RateLimit-Limit"] = { description: "The plan's monthly requests cap.", type: "integer" };
    out["X-RateLimit-Remaining"] = { description: "Requests left this month (never below 0).", type: "integer" };
    out["X-RateLimit-Reset"] = { description: "Unix seconds of the next UTC month boundary.", type: "integer" };
  }
  if (c.secret)
    out["Cache-Control"] = { description: "`no-store`: the body carries a secret shown once; never cache it." };
  out["WWW-Authenticate"] = {
    description: `The accepted credential scheme (\`${c.auth.challenge ?? DEFAULT_CHALLENGE}\`).`,
    statuses: [401],
  };
  if (honoursIdempotencyKey(c)) {
    // What can be replayed: the operation's answers once it ran (refusals before it ran are never stored).
    const statuses = [200, 201, 202, 204, 400, 404, 409, 410, 422];
    out[REPLAYED_HEADER] = {
      description:
        "`true` when this is the stored response of an earlier request with the same Idempotency-Key (nothing ran, nothing billed).",
      statuses,
    };
    out[ORIGINAL_REQUEST_HEADER] = {
      description: "On a replay: the X-Request-Id of the request whose response this is.",
      statuses,
    };
  }
  for (const [name, h] of Object.entries(c.headers ?? {})) out[name] = h;
  return out;
}

/** Stable id for a contract that does not name one: method + path, e.g. get_v1_trips_tripId. */
function derivedOperationId(c: AnyContract): string {
  const words = c.path.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return `${c.method.toLowerCase()}.${words.map((w, i) => (i === 0 ? w : w[0].toUpperCase() + w.slice(1))).join("")}`;
}

/**
 * OpenAPI 3.1 generated from the same zod schemas the route helper validates
 * with: a field that is not in a contract does not exist. `webhooks` is the document's
 * section of the same name (what deliveries POST to a receiver), handed in by the composition
 * root (lib/registry/openapi-document.ts) with the contracts.
 */
export function buildOpenApiDocument(contracts: AnyContract[], webhooks: Record<string, unknown>, serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const c of contracts) {
    if (c.internal) continue;
    const responses: Record<string, unknown> = {};
    for (const [status, r] of Object.entries(c.responses as ResponseDocs)) {
      const schema =
        r.schema && c.family === "weather" ? z.object({ data: r.schema, meta: WeatherMetaSchema }) : r.schema;
      responses[status] = schema
        ? { description: r.description, content: { "application/json": { schema } } }
        : r.contentType
          ? { description: r.description, content: { [r.contentType]: { schema: { type: "string" } } } }
          : { description: r.description };
    }
    for (const [s, description] of Object.entries(derivedErrorDocs(c))) {
      responses[s] ??= { description, content: { "application/json": { schema: errorSchemaFor(c.family) } } };
    }
    for (const [status, r] of Object.entries(c.responses as ResponseDocs)) {
      if (Number(status) >= 400 && !r.schema) {
        responses[status] = {
          description: r.description,
          content: { "application/json": { schema: errorSchemaFor(c.family) } },
        };
      }
    }
    for (const [s, description] of Object.entries(idempotencyErrorDocs(c))) {
      const existing = responses[s] as { description: string } | undefined;
      if (existing) existing.description = `${existing.description} Or ${description}`;
      else responses[s] = { description, content: { "application/json": { schema: errorSchemaFor(c.family) } } };
    }
    const headers = documentedHeaders(c);
    for (const [status, r] of Object.entries(responses)) {
      const forStatus = Object.fromEntries(
        Object.entries(headers)
          .filter(([, h]) => !h.statuses || h.statuses.includes(Number(status)))
          .map(([name, h]) => [name, { description: h.description, schema: { type: h.type ?? "string" } }]),
      );
      (r as { headers?: unknown }).headers = forStatus;
    }
    const requestParams: Record<string, unknown> = {};
    if (c.params) requestParams.path = c.params;
    if (c.query) requestParams.query = c.query;
    if (takesIdempotencyKey(c.method))
      requestParams.header = z.object({ [IDEMPOTENCY_HEADER]: IdempotencyKeySchema.optional() });
    (paths[c.path] ??= {})[c.method.toLowerCase()] = {
      operationId: c.operationId ?? derivedOperationId(c),
      summary: c.summary,
      description: c.description,
      tags: c.tags,
      security: c.auth.security,
      requestParams,
      ...(c.body
        ? {
            requestBody: {
              required: !c.bodyOptional,
              content: { "application/json": { schema: c.documentedBody ?? c.body } },
            },
          }
        : {}),
      responses,
    };
  }
  const doc = createDocument({
    openapi: "3.1.0",
    info: {
      title: "Weather Intelligence, Trips and Developer API",
      version: "v1",
      license: { name: "Proprietary", url: "https://skycast.example/terms" },
      contact: {
        name: "Skycast developer support",
        url: "https://skycast.example/support",
        email: "developers@skycast.example",
      },
      description:
        "Weather intelligence (current, forecast, timeline and route risk, watches, signed webhooks), metered plans, trip planning with agent proposals and revision-checked operations, itinerary events, developer keys and the visa lookup API.",
    },
    servers: [{ url: serverUrl ?? "/", description: "This deployment (paths are absolute from its origin)" }],
    tags: [...new Set([...contracts.filter((c) => !c.internal).flatMap((c) => c.tags), "Webhook events"])].map(
      (name) => ({
        name,
        description: TAG_DESCRIPTIONS[name] ?? name,
      }),
    ),
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "API key: `Authorization: Bearer svc_…`" },
        accessToken: {
          type: "http",
          scheme: "bearer",
          description: "Trip access token: `Authorization: Bearer sat_…`",
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "Portal session (browser)",
        },
        visaKey: { type: "apiKey", in: "header", name: "X-Visa-Intel-Key" },
      },
    },
    paths: paths as never,
    webhooks: webhooks as never,
  });
  applyGeneratorRules(doc as unknown as Record<string, unknown>);
  attachExamples(doc as unknown as ExampleTarget, contracts);
  return doc;
}
