import type { z } from "zod";
import { createSchema } from "zod-openapi";
import type { RouteContract } from "@/lib/http/route";

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, unknown>;
  required?: string[];
  $defs?: Record<string, unknown>;
};
type AnyContract = RouteContract<any, any, any, any, any>;

/** tripId -> trip_id: a tool's arguments name ids in snake_case (path parameters are camelCase in our URLs). */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * JSON Schema of a contract part, generated exactly as the OpenAPI document generates it (zod-openapi,
 * the same overrides), with its named components as local $defs.
 */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { schema: out, components } = createSchema(schema, { io, schemaRefPath: "#/$defs/", openapiVersion: "3.1.0" });
  const s = { ...(out as JsonSchema) };
  if (Object.keys(components).length > 0) s.$defs = { ...components };
  return s;
}

/** A body documented under a named component ({$ref: "#/$defs/CreateProposal"}) is merged by its definition. */
function inlineTopRef(s: JsonSchema): JsonSchema {
  const ref = typeof s.$ref === "string" ? /^#\/\$defs\/(.+)$/.exec(s.$ref) : null;
  const target = ref ? (s.$defs?.[ref[1]] as JsonSchema | undefined) : undefined;
  if (!ref || !target) return s;
  const { $ref: _ref, ...rest } = s;
  void _ref;
  return { ...rest, ...target, $defs: s.$defs };
}

const COMBINATORS = new Set([
  "anyOf",
  "oneOf",
  "allOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
]);

/** Where each argument of a tool goes in its REST operation. */
export interface ArgumentPlan {
  /** snake_case argument -> the contract's path parameter name */
  params: Record<string, string>;
  query: Set<string>;
  hasBody: boolean;
}

export interface ToolSchemas {
  inputSchema: JsonSchema & { type: "object" };
  outputSchema?: JsonSchema & { type: "object" };
  plan: ArgumentPlan;
}

/**
 * A tool's input schema generated from its operation's contract (never a second copy): the path
 * parameters (in snake_case), the query parameters and the body's fields merged into one object.
 * A body that is not a plain object (e.g. an op, one shape per `type`) joins through `allOf`.
 * The output schema is the operation's success schema, as REST documents it.
 */
export function toolSchemas(c: AnyContract): ToolSchemas {
  const defs: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const allOf: unknown[] = [];
  const plan: ArgumentPlan = { params: {}, query: new Set(), hasBody: false };

  const absorb = (schema: JsonSchema, rename: (k: string) => string, into: (k: string, original: string) => void) => {
    Object.assign(defs, schema.$defs ?? {});
    for (const [k, v] of Object.entries(schema.properties ?? {})) {
      properties[rename(k)] = v;
      into(rename(k), k);
    }
    for (const k of schema.required ?? []) required.push(rename(k));
  };
  if (c.params) absorb(jsonSchemaOf(c.params, "input"), snakeCase, (arg, original) => (plan.params[arg] = original));
  if (c.query)
    absorb(
      jsonSchemaOf(c.query, "input"),
      (k) => k,
      (arg) => plan.query.add(arg),
    );
  const body = c.documentedBody ?? c.body;
  if (body) {
    plan.hasBody = true;
    const s = inlineTopRef(jsonSchemaOf(body, "input"));
    if (s.type === "object" && s.properties) {
      absorb(
        s,
        (k) => k,
        () => {},
      );
      // Cross-field rules of the body (e.g. a ferry's vessel) stay as they are documented.
      const rules = Object.fromEntries(Object.entries(s).filter(([k]) => COMBINATORS.has(k)));
      if (Object.keys(rules).length > 0) allOf.push(rules);
    } else {
      Object.assign(defs, s.$defs ?? {});
      delete s.$defs;
      delete s.additionalProperties;
      allOf.push(s);
    }
  }
  const inputSchema: ToolSchemas["inputSchema"] = { type: "object", properties };
  if (required.length > 0) inputSchema.required = [...new Set(required)];
  if (allOf.length > 0) inputSchema.allOf = allOf;
  if (Object.keys(defs).length > 0) inputSchema.$defs = defs;

  const success = Object.entries(c.responses).find(
    ([status, r]) => /^2/.test(status) && (r as { schema?: z.ZodType }).schema,
  );
  let outputSchema: ToolSchemas["outputSchema"];
  if (success) {
    const s = inlineTopRef(jsonSchemaOf((success[1] as { schema: z.ZodType }).schema, "output"));
    if (s.type === "object") outputSchema = s as ToolSchemas["outputSchema"];
  }
  return { inputSchema, outputSchema, plan };
}

const plans = new WeakMap<object, ArgumentPlan>();

/** The argument plan of a contract, computed once. */
export function argumentPlan(c: AnyContract): ArgumentPlan {
  let plan = plans.get(c);
  if (!plan) {
    plan = toolSchemas(c).plan;
    plans.set(c, plan);
  }
  return plan;
}
