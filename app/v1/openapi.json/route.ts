import { openApiDocument } from "@/lib/registry/openapi-document";

let doc: unknown;

export async function GET() {
  doc ??= openApiDocument();
  return Response.json(doc, { headers: { "Cache-Control": "public, max-age=300" } });
}
