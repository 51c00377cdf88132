/**
 * Typed client of our own API for the portal: openapi-fetch over the types generated from
 * the OpenAPI document (lib/client/openapi-types.ts), so a path, parameter or field the
 * document does not declare is a compile error. Errors become ApiRequestError, as apiFetch does.
 */
import createClient from "openapi-fetch";
import { ApiRequestError, toApiRequestError } from "./api-fetch";
import type { components, paths } from "./openapi-types";

export type Schemas = components["schemas"];
export type { paths };

export const api = createClient<paths>({ credentials: "same-origin", headers: { accept: "application/json" } });

/** The body of a successful call, or the thrown ApiRequestError of a failed one. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let r: { data?: T; error?: unknown; response: Response };
  try {
    r = await call;
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiRequestError(
      0,
      "network_error",
      "Could not reach the server. Check your connection and try again.",
      null,
    );
  }
  if (!r.response.ok) throw toApiRequestError(r.response.status, r.error, r.response.headers.get("x-request-id"));
  return r.data as T;
}
