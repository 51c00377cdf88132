import { randomUUID } from "node:crypto";
import { operationSchemas } from "@/lib/api-docs/field-tree";
import { loadReference } from "@/lib/registry/load-reference";
import { errorBody } from "@/lib/http/envelopes";
import { notFound } from "@/lib/http/errors";

/**
 * The long part of one operation in the API reference (request body and success schemas as
 * field trees, the example response), fetched by the page when a reader opens it, so /docs
 * itself stays small. Public, like the page and /v1/openapi.json; not an API operation.
 */
export async function GET(_req: Request, ctx: { params: Promise<{ operationId: string }> }): Promise<Response> {
  const { operationId } = await ctx.params;
  const ref = loadReference();
  const found = ref.byOperationId.get(operationId);
  if (!found) {
    const requestId = randomUUID();
    return Response.json(errorBody("api", notFound("Operation"), requestId), {
      status: 404,
      headers: { "X-Request-Id": requestId },
    });
  }
  return Response.json(operationSchemas(ref.doc, found.entry), { headers: { "Cache-Control": "public, max-age=300" } });
}
