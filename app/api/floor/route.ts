/**
 * Benchmark floor: the framework's own cost (a Next route returning a constant,
 * no route helper, no database), so `npm run bench` can separate framework,
 * pipeline and domain cost. Not an API: absent from the OpenAPI document.
 */
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ status: "ok" });

export function GET(): Response {
  return new Response(BODY, { headers: { "content-type": "application/json" } });
}
