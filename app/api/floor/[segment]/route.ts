import { admit } from "@/lib/http/admit";

/**
 * Benchmark floor with a dynamic segment: app/api/floor/route.ts's constant behind a `[segment]`
 * path, so `npm run bench` shows what Next itself adds to every route with an id in its path
 * (matching the dynamic route, building its params) apart from our pipeline and domain cost.
 * Admitted as every API route is (lib/http/admit.ts). Not an API: absent from the OpenAPI document.
 */
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ status: "ok" });

export async function GET(_req: Request, ctx: { params: Promise<{ segment: string }> }): Promise<Response> {
  await admit();
  await ctx.params;
  return new Response(BODY, { headers: { "content-type": "application/json" } });
}
