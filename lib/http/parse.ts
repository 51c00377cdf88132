import type { z } from "zod";
import { ApiError, type ErrorCode } from "./errors";

export interface FieldIssue {
  path: string;
  message: string;
  code: string;
}

export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code }));
}

export function validationError(
  where: "body" | "query" | "params",
  error: z.ZodError,
  code: ErrorCode = "bad_request",
) {
  const issues = zodIssues(error);
  const first = issues[0];
  const field = first?.path ? `${where === "body" ? "" : `${where} `}${first.path}` : where;
  const message = first ? `Invalid ${field}: ${first.message}` : `Invalid ${where}.`;
  return new ApiError(code, message, { details: { location: where, issues } });
}

/** URLSearchParams -> plain object; a repeated key becomes an array. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Reads a JSON body with a content-type check, a size cap and a clear parse error. */
export async function readJsonBody(req: Request, maxBytes: number, optional: boolean): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readTextCapped(req, maxBytes);
  if (text.trim() === "") {
    if (optional) return undefined;
    throw new ApiError("bad_request", "Request body is empty; send a JSON object.");
  }
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type.trim())) {
    throw new ApiError("unsupported_media_type", "Send the body with Content-Type: application/json.", {
      details: { content_type: type || null },
    });
  }
  if (exceedsJsonDepth(text, MAX_JSON_DEPTH)) {
    throw new ApiError(
      "bad_request",
      `JSON body nested deeper than ${MAX_JSON_DEPTH} levels; no operation takes one that deep.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ApiError("bad_request", `Malformed JSON body: ${(err as Error).message}`);
  }
  // The text was decoded from UTF-8 (invalid bytes become U+FFFD) and JSON forbids raw control
  // characters in strings, so a NUL or a lone surrogate can only come from a \u escape: a body
  // without one (nearly all) needs no walk over its strings.
  if (MAYBE_UNSTORABLE_ESCAPE.test(text)) assertCleanText("body", parsed);
  return parsed;
}

/**
 * No operation's body is nested more than a dozen levels; every walk over a body (validation, the
 * Idempotency-Key fingerprint, audit diffs) is recursive, so a body 5,000 levels deep overflowed the
 * stack into a 500 (issue 43). Refused before parsing, with a 400.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether JSON text nests arrays/objects deeper than `max` (a linear scan that skips strings). */
export function exceedsJsonDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92)
        i++; // backslash: skip the escaped character
      else if (ch === 34) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 || ch === 123) {
      if (++depth > max) return true;
    } else if (ch === 93 || ch === 125) depth--;
  }
  return false;
}

/** `\u0000` or a `\uD800`-`\uDFFF` escape (a false positive, e.g. an escaped backslash before "u0000", only costs the walk). */
const MAYBE_UNSTORABLE_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

interface Walk {
  value: unknown;
  key: string;
  parent?: Walk;
}

// A lone UTF-16 surrogate (JSON allows "\ud800") has no UTF-8 form: jsonb refuses it and text
// would silently become U+FFFD. U+0000 fits neither text nor jsonb.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(s: string): string | undefined {
  if (s.includes("\u0000")) return "contains the NUL character (\\u0000)";
  if (LONE_SURROGATE.test(s)) return "contains a lone UTF-16 surrogate (not valid Unicode text)";
  return undefined;
}

/**
 * Every string and key of a parsed body or query must be storable text. Checked once,
 * in the route helper, before any handler: a 400 naming the field, never a database 500.
 */
export function assertCleanText(where: "body" | "query", root: unknown): void {
  const bad = badText(root);
  if (!bad) return;
  const field = bad.path ? `${where === "body" ? "" : "query "}${bad.path}` : where;
  throw new ApiError("bad_request", `Invalid ${field}: ${bad.problem}.`, {
    details: { location: where, issues: [{ path: bad.path, message: bad.problem, code: "invalid_string" }] },
  });
}

/** Dotted path and problem of the first string or key that is not storable text (iterative: bodies may nest deeply). */
function badText(root: unknown): { path: string; problem: string } | undefined {
  const stack: Walk[] = [{ value: root, key: "" }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === "string") {
      const problem = textProblem(node.value);
      if (problem) return { path: pathOf(node), problem };
    } else if (node.value !== null && typeof node.value === "object") {
      for (const [key, value] of Object.entries(node.value)) {
        const child = { value, key, parent: node };
        const problem = textProblem(key);
        if (problem) return { path: pathOf(child), problem: `key ${problem}` };
        stack.push(child);
      }
    }
  }
  return undefined;
}

function pathOf(node: Walk): string {
  const keys: string[] = [];
  for (let n: Walk | undefined = node; n?.parent && keys.length < 20; n = n.parent) keys.unshift(n.key);
  return keys.join(".");
}

async function readTextCapped(req: Request, maxBytes: number): Promise<string> {
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (err) {
      // The client went away mid-body: nothing to answer, and not a server fault.
      throw new ApiError("bad_request", "The request body could not be read completely.", { cause: err });
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(maxBytes: number) {
  return new ApiError("payload_too_large", `Request body exceeds the ${maxBytes}-byte limit.`, {
    details: { max_bytes: maxBytes },
  });
}
