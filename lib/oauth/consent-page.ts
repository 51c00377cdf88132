import type { TripRole } from "@/drizzle/schema";
import { roleMay } from "@/lib/trips/roles";
import type { AuthorizationRequest } from "./authorize-request";
import { REQUEST_PARAMS } from "./authorize-request";
import { LEVEL_LABELS, GRANT_LEVELS, levelAskedFor, type GrantLevel } from "./config";

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0;padding:2rem 1rem}
main{max-width:34rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .5rem}fieldset{border:1px solid #e2e8f0;border-radius:.5rem;margin:1rem 0;padding:.75rem 1rem}
legend{font-weight:600;padding:0 .25rem}label{display:block;margin:.35rem 0}.muted{color:#475569;font-size:.875rem}
.err{background:#fef2f2;border:1px solid #fecaca;color:#991b1b;padding:.5rem .75rem;border-radius:.5rem}
.buttons{display:flex;gap:.75rem;margin-top:1rem}button{font:inherit;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid #cbd5e1;background:#fff;cursor:pointer}
button[value=allow]{background:#4f46e5;color:#fff;border-color:#4f46e5}a{color:#4338ca}`;

/**
 * `formTargets`: where the page's form may end up. Browsers apply CSP form-action to the redirect that
 * follows the POST too, so the consent page lists the client's redirect URI (its origin, or its scheme
 * for a native app's custom scheme) beside 'self'.
 */
export function htmlPage(title: string, body: string, status = 200, formTargets = ""): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Skycast</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      // The consent page must not be framed (clickjacking) and loads nothing from elsewhere.
      "x-frame-options": "DENY",
      "content-security-policy": `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${formTargets}; frame-ancestors 'none'; base-uri 'none'`,
      // Not no-referrer: with it browsers send "Origin: null" on the form's POST, which the origin check refuses.
      // same-origin still keeps the request's URL (state, challenge) from other sites.
      "referrer-policy": "same-origin",
    },
  });
}

/** A problem before the client or its redirect URI is trusted: shown here, never sent to the client. */
export function errorPage(message: string, status = 400): Response {
  return htmlPage(
    "Cannot connect",
    `<h1>This agent cannot connect</h1><p class="err">${esc(message)}</p><p class="muted">Nothing was shared. Close this window and check the agent's settings.</p>`,
    status,
  );
}

export interface ConsentTrip {
  trip_id: number;
  name: string;
  role: TripRole;
}

/** The highest level a role may grant on a trip: viewers read; owners, planners and editors may propose and apply. */
export const levelAllowedFor = (role: TripRole, level: GrantLevel) =>
  level === "read" ? roleMay(role, "read") : roleMay(role, "edit");

export function consentPage(
  a: AuthorizationRequest,
  params: URLSearchParams,
  trips: ConsentTrip[],
  email: string,
  csrf: string,
  problem?: string,
): Response {
  const c = a.client;
  const asked = levelAskedFor(a.scope);
  const hidden = REQUEST_PARAMS.map((n) => params.get(n))
    .map((v, i) => (v === null ? "" : `<input type="hidden" name="${REQUEST_PARAMS[i]}" value="${esc(v)}">`))
    .join("");
  const tripRows = trips.length
    ? trips
        .map(
          (t) =>
            `<label><input type="checkbox" name="trip" value="${t.trip_id}"> ${esc(t.name)} <span class="muted">(${esc(t.role)}${levelAllowedFor(t.role, "propose") ? "" : ": read only"})</span></label>`,
        )
        .join("")
    : `<p class="muted">You have no trips yet; create one in the portal first.</p>`;
  const levels = GRANT_LEVELS.map(
    (l) =>
      `<label><input type="radio" name="level" value="${l}"${l === asked ? " checked" : ""}> ${LEVEL_LABELS[l]}<br><span class="muted">${LEVEL_HELP[l]}</span></label>`,
  ).join("");
  const origin = c.clientUri ?? (c.kind === "metadata_document" ? c.clientId : null);
  return htmlPage(
    `Connect ${c.clientName}`,
    `<h1>${esc(c.clientName)} wants to access your Skycast trips</h1>
${origin ? `<p class="muted">${esc(origin)}</p>` : `<p class="muted">A client registered without a web address (client ${esc(c.clientId)}).</p>`}
<p class="muted">Signed in as ${esc(email)}. It asks to ${esc(ASK[asked])}${(a.scope ?? "").includes("weather") ? " and to use the weather tools" : ""}. It will be sent back to ${esc(new URL(a.redirectUri).origin)}.</p>
${problem ? `<p class="err" role="alert">${esc(problem)}</p>` : ""}
<form method="post" action="/oauth/authorize">${hidden}<input type="hidden" name="csrf_token" value="${esc(csrf)}">
<fieldset><legend>Trips it may see</legend>${tripRows}</fieldset>
<fieldset><legend>What it may do on them</legend>${levels}</fieldset>
<fieldset><legend>Weather tools</legend><label><input type="radio" name="weather" value="yes"> Yes: forecasts and risk analyses, billed to your account like API calls</label><label><input type="radio" name="weather" value="no" checked> No</label></fieldset>
<div class="buttons"><button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></div>
</form><p class="muted">You can revoke this at any time under Agents → Connected agents.</p>`,
    problem ? 400 : 200,
    ` ${formTarget(a.redirectUri)}`,
  );
}

/** The CSP source of a redirect URI: its origin (http, https), or its scheme (a native app's own). */
function formTarget(redirectUri: string): string {
  const u = new URL(redirectUri);
  return u.protocol === "http:" || u.protocol === "https:" ? u.origin : u.protocol;
}

const ASK: Record<GrantLevel, string> = {
  read: "read trips",
  propose: "read trips and propose changes",
  write: "read trips and apply changes",
};
const LEVEL_HELP: Record<GrantLevel, string> = {
  read: "Itineraries, changes, proposals and trip weather.",
  propose: "Also raise proposals that a member accepts or rejects.",
  write: "Also change itineraries and accept or reject proposals itself.",
};
