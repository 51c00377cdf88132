import { GET as constant } from "../route";

/**
 * Benchmark floor with a dynamic segment: app/api/floor/route.ts's constant (admitted as every API
 * route is) behind a `[segment]` path, so `npm run bench` shows what Next itself adds to every route
 * with an id in its path (matching the dynamic route, building its params) apart from our pipeline
 * and domain cost. Not an API: absent from the OpenAPI document.
 */
export const dynamic = "force-dynamic";

export async function GET(_req: Request, ctx: { params: Promise<{ segment: string }> }): Promise<Response> {
  await ctx.params;
  return constant();
}
