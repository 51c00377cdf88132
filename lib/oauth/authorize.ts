import { createHmac, randomUUID } from "node:crypto";
import { authSecret } from "@/lib/auth/auth-secret";
import { safeEqual } from "@/lib/auth/secrets";
import { sessionFromRequest } from "@/lib/auth/session";
import { assertSameOrigin } from "@/lib/auth/strategies";
import { clientIpOf, recordAudit } from "@/lib/audit/record-audit";
import { noteDatabaseError } from "@/lib/db/outage";
import { log } from "@/lib/log";
import { listTrips } from "@/lib/trips/manage-trips";
import {
  AuthorizePageError,
  AuthorizeRedirectError,
  parseAuthorizationRequest,
  redirectWith,
  REQUEST_PARAMS,
  type AuthorizationRequest,
} from "./authorize-request";
import { GRANT_LEVELS, issuerOf, LEVEL_LABELS, type GrantLevel } from "./config";
import { consentPage, errorPage, levelAllowedFor, type ConsentTrip } from "./consent-page";
import { boundedText } from "./errors";
import { createGrantWithCode } from "./grants";
import { codeOnStandingGrant } from "./consent-once";

/** The consent form's CSRF token: bound to the signed-in user and this very request (client, challenge). */
function csrfToken(userId: string, a: AuthorizationRequest): string {
  return createHmac("sha256", authSecret())
    .update(`oauth-consent:${userId}:${a.client.clientId}:${a.codeChallenge}:${a.redirectUri}`)
    .digest("base64url");
}

const redirect = (location: string, status = 302) =>
  new Response(null, { status, headers: { location, "cache-control": "no-store" } });

function signInFirst(params: URLSearchParams): Response {
  const back = `/oauth/authorize?${params.toString()}`;
  return redirect(`/sign-in?callbackUrl=${encodeURIComponent(back)}`);
}

async function guarded(req: Request, run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AuthorizePageError) return errorPage(err.message);
    if (err instanceof AuthorizeRedirectError)
      return redirect(
        redirectWith(err.redirectUri, {
          error: err.error,
          error_description: err.description,
          state: err.state,
          iss: issuerOf(req),
        }),
      );
    if (noteDatabaseError(err)) return errorPage("The service is temporarily unavailable; try again shortly.", 503);
    log.error("oauth authorize failed", { error: (err as Error).message });
    return errorPage("An unexpected error occurred; try again.", 500);
  }
}

async function tripsOf(userId: string): Promise<ConsentTrip[]> {
  return (await listTrips(userId)).map((t) => ({ trip_id: t.trip_id, name: t.name, role: t.role }));
}

/** GET /oauth/authorize: checks the request, then the signed-in user's consent page (or sign-in and back). */
export function authorizeGet(req: Request): Promise<Response> {
  return guarded(req, async () => {
    const params = new URL(req.url).searchParams;
    const a = await parseAuthorizationRequest(req, params);
    const session = await sessionFromRequest(req);
    if (!session) return signInFirst(params);
    const standing = await codeOnStandingGrant(session.userId, a, params.get("prompt"));
    if (standing)
      return redirect(redirectWith(a.redirectUri, { code: standing.code, state: a.state, iss: issuerOf(req) }));
    return consentPage(a, params, await tripsOf(session.userId), session.email, csrfToken(session.userId, a));
  });
}

/** POST /oauth/authorize: the consent form's Allow or Deny (same origin, CSRF token, re-checked request). */
export function authorizePost(req: Request): Promise<Response> {
  return guarded(req, async () => {
    try {
      assertSameOrigin(req);
    } catch {
      return errorPage("The consent form must be sent from this site.", 403);
    }
    if (!(req.headers.get("content-type") ?? "").startsWith("application/x-www-form-urlencoded"))
      return errorPage("Send the consent form as a form.", 415);
    const form = new URLSearchParams(await boundedText(req, 16 * 1024).catch(() => ""));
    const params = new URLSearchParams();
    for (const n of REQUEST_PARAMS) for (const v of form.getAll(n)) params.append(n, v);
    const a = await parseAuthorizationRequest(req, params);
    const session = await sessionFromRequest(req);
    if (!session) return signInFirst(params);
    const csrf = csrfToken(session.userId, a);
    if (!safeEqual(form.get("csrf_token") ?? "", csrf))
      return errorPage("The consent form has expired or was not sent from this page; start again from the agent.", 403);
    const iss = issuerOf(req);
    if (form.get("decision") !== "allow") {
      return redirect(
        redirectWith(a.redirectUri, {
          error: "access_denied",
          error_description: "The user denied access.",
          state: a.state,
          iss,
        }),
        303,
      );
    }
    const trips = await tripsOf(session.userId);
    const again = (problem: string) => consentPage(a, params, trips, session.email, csrf, problem);
    const level = form.get("level") as GrantLevel | null;
    if (!level || !GRANT_LEVELS.includes(level)) return again("Choose what the agent may do.");
    const chosen = [...new Set(form.getAll("trip"))].map(Number);
    if (chosen.length === 0) return again("Tick at least one trip.");
    const byId = new Map(trips.map((t) => [t.trip_id, t]));
    if (chosen.some((id) => !byId.has(id))) return again("One of the chosen trips is not yours.");
    const tooWeak = chosen.map((id) => byId.get(id)!).filter((t) => !levelAllowedFor(t.role, level));
    if (tooWeak.length > 0)
      return again(
        `As ${tooWeak[0].role} of ${tooWeak[0].name} you can grant Read only there; choose Read only or untick it.`,
      );
    const weather = form.get("weather") === "yes";
    const tripIds = chosen.sort((x, y) => x - y);
    const { grantId, code } = await createGrantWithCode({
      userId: session.userId,
      accountId: session.accountId,
      client: a.client,
      tripIds,
      level,
      weather,
      resource: a.resource,
      redirectUri: a.redirectUri,
      codeChallenge: a.codeChallenge,
    });
    await recordAudit({
      accountId: session.accountId,
      action: "oauth_grant.created",
      actor: `user:${session.userId}`,
      credential: "session",
      ip: clientIpOf(req),
      target: `oauth_grant:${grantId}`,
      requestId: randomUUID(),
      details: {
        client_id: a.client.clientId,
        client_name: a.client.clientName,
        trip_ids: tripIds,
        level: LEVEL_LABELS[level],
        weather,
      },
    });
    return redirect(redirectWith(a.redirectUri, { code, state: a.state, iss }), 303);
  });
}
