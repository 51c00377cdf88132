/** Response shapes of /api/developer/visa-keys, from the types generated from the OpenAPI document. */
import type { paths, Schemas } from "@/lib/client/api-client";

export type VisaKeyRow = Schemas["VisaKey"];
export type CreatedVisaKey = paths["/api/developer/visa-keys"]["post"]["responses"][201]["content"]["application/json"];

export const VISA_KEYS_QUERY = ["visa-keys"] as const;
