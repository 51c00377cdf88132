import { allContracts } from "@/lib/registry/all-contracts";
import { buildOpenApiDocument } from "@/lib/http/openapi";

let doc: unknown;

export async function GET() {
  doc ??= buildOpenApiDocument(allContracts());
  return Response.json(doc, { headers: { "Cache-Control": "public, max-age=300" } });
}
