import { sessionFromRequest } from "@/lib/auth/session";
import { openSignedLink } from "@/lib/notifications/open-signed-link";

/** A mailed notification link: checked, then a redirect to the proposal (or sign-in first, or the inbox). */
export async function GET(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const q = url.searchParams;
  const session = await sessionFromRequest(req).catch(() => null);
  const to = await openSignedLink(
    { id: q.get("id"), exp: q.get("exp"), sig: q.get("sig") },
    session?.userId ?? null,
    `${url.pathname}${url.search}`,
  );
  return new Response(null, { status: 303, headers: { Location: to, "Cache-Control": "no-store" } });
}
