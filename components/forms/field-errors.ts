import { ApiRequestError, type FieldIssue } from "@/lib/client/api-fetch";

/**
 * Turns the API's validation `details.issues` into plain-words messages keyed by
 * the form's own field names, all at once (not the first one only). Pure, so the
 * wording is unit-tested.
 */

export interface FormErrors {
  /** First message per form field. */
  fields: Record<string, string>;
  /** Problems no field of the form shows (the form-level alert lists them). */
  other: string[];
  /** Machine code and request id of the failed call, for the alert. */
  code?: string;
  requestId?: string;
  message?: string;
}

const EMPTY = /received (undefined|null|NaN)$/;

/** One zod 4 issue message in words a person would use. */
export function humanizeIssue(message: string): string {
  const m = message.trim();
  let r: RegExpExecArray | null;
  if ((r = /^Invalid input: expected (\w+), received (\w+)/.exec(m))) {
    if (EMPTY.test(m)) return r[1] === "number" ? "Enter a number." : "This field is required.";
    return r[1] === "number" ? "Enter a number." : r[1] === "boolean" ? "Choose yes or no." : `Enter a ${r[1]}.`;
  }
  if ((r = /^Too small: expected (\w+) to (?:have|be) (>=?)\s*(-?[\d.]+)(?: characters)?/.exec(m))) {
    if (r[1] === "string") return r[3] === "1" ? "This field is required." : `Use at least ${r[3]} characters.`;
    if (r[1] === "array") return r[3] === "1" ? "Choose at least one." : `Choose at least ${r[3]}.`;
    return r[2] === ">" ? `Must be more than ${r[3]}.` : `Must be at least ${r[3]}.`;
  }
  if ((r = /^Too big: expected (\w+) to (?:have|be) (<=?)\s*(-?[\d.]+)/.exec(m))) {
    if (r[1] === "string") return `Use at most ${r[3]} characters.`;
    if (r[1] === "array") return `Choose at most ${r[3]}.`;
    return r[2] === "<" ? `Must be less than ${r[3]}.` : `Must be at most ${r[3]}.`;
  }
  if ((r = /^Invalid option: expected one of (.+)$/.exec(m)))
    return `Choose one of ${r[1].replaceAll('"', "").replaceAll("|", ", ")}.`;
  if (/^Invalid (url|URL)/.test(m)) return "Enter a full URL, e.g. https://example.com/hooks.";
  if (/^Invalid ISO (date|datetime)/i.test(m)) return "Enter a date and time.";
  if (/^Unrecognized key/.test(m)) return m;
  const stripped = m.replace(/^Invalid input:\s*/, "");
  return stripped.charAt(0).toUpperCase() + stripped.slice(1) + (/[.!?]$/.test(stripped) ? "" : ".");
}

export interface FieldMapping {
  /** API path (exact, or a prefix such as "change_rules") → form field name; otherwise the path's first segment. */
  map?: Record<string, string>;
  /** The fields the form shows; issues for any other path go to the alert. Omit to accept every field. */
  fields?: readonly string[];
  /** Words for paths shown in the alert. */
  labels?: Record<string, string>;
}

export function formErrorsOf(err: unknown, mapping: FieldMapping = {}): FormErrors {
  const fieldMap = mapping.map ?? {};
  const labels = mapping.labels ?? {};
  if (!(err instanceof ApiRequestError)) return { fields: {}, other: err ? ["Something went wrong. Try again."] : [] };
  const fields: Record<string, string> = {};
  const other: string[] = [];
  const place = (path: string, text: string, known: Set<string> | null) => {
    const field = mapPath(path, fieldMap);
    if (field && (known === null || known.has(field))) fields[field] ??= text;
    else other.push(path ? `${labels[field ?? ""] ?? path}: ${text}` : text);
  };
  const known = mapping.fields ? new Set(mapping.fields) : null;
  for (const i of err.issues as FieldIssue[]) place(i.path, humanizeIssue(i.message), known);
  const named = (err.details as { field?: unknown } | null)?.field;
  if (typeof named === "string") place(named, humanizeIssue(err.message.replace(/^Invalid [\w.]+: /, "")), known);
  const base = { code: err.code, requestId: err.requestId, message: err.message };
  if (err.issues.length === 0 && typeof named !== "string") return { fields, other: [err.message], ...base };
  return { fields, other, ...base };
}

function mapPath(path: string, fieldMap: Record<string, string>): string | undefined {
  if (fieldMap[path]) return fieldMap[path];
  const parts = path.split(".");
  for (let n = parts.length - 1; n > 0; n--) {
    const prefix = parts.slice(0, n).join(".");
    if (fieldMap[prefix]) return fieldMap[prefix];
  }
  return parts[0] || undefined;
}
