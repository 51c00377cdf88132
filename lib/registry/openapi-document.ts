import { buildOpenApiDocument } from "@/lib/http/openapi";
import { webhookDocs } from "@/lib/webhooks/event-docs";
import { allContracts } from "./all-contracts";

/** The public OpenAPI document (GET /v1/openapi.json): every contract and the webhook events. */
export function openApiDocument() {
  return buildOpenApiDocument(allContracts(), webhookDocs());
}
