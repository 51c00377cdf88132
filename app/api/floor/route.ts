import { admit } from "@/lib/http/admit";

/**
 * Benchmark floor: the framework's own cost (a Next route returning a constant,
 * no route helper, no database), so `npm run bench` can separate framework,
 * pipeline and domain cost. It is admitted as every API route is (lib/http/admit.ts),
 * so the floor and the routes are scheduled alike. Not an API: absent from the
 * OpenAPI document.
 */
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ status: "ok" });

export async function GET(): Promise<Response> {
  await admit();
  return new Response(BODY, { headers: { "content-type": "application/json" } });
}
