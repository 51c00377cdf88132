import { OAuthError } from "./errors";

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
const FORBIDDEN_SCHEMES = new Set(["javascript:", "data:", "file:", "vbscript:", "blob:", "about:"]);

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

const isLoopback = (u: URL) => u.protocol === "http:" && LOOPBACK_HOSTS.has(u.hostname);

/**
 * A redirect URI a client may register: HTTPS, http on a loopback host (RFC 8252 §7.3), or a
 * private-use scheme of a native app (§7.1, e.g. cursor://…); never a fragment or a script scheme.
 */
export function redirectUriProblem(raw: unknown): string | undefined {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2000)
    return "must be a URL of at most 2000 characters";
  const u = parse(raw);
  if (!u) return "must be an absolute URL";
  if (u.hash || raw.includes("#")) return "must not contain a fragment";
  if (FORBIDDEN_SCHEMES.has(u.protocol)) return `must not use ${u.protocol}`;
  if (u.protocol === "http:" && !isLoopback(u))
    return "must use https:// (http:// only on 127.0.0.1, [::1] or localhost)";
  if ((u.protocol === "https:" || u.protocol === "http:") && (u.username || u.password))
    return "must not contain credentials";
  return undefined;
}

export function assertRedirectUris(uris: unknown, error: string): string[] {
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 20)
    throw new OAuthError(error, "redirect_uris must list 1 to 20 URIs.");
  for (const u of uris) {
    const problem = redirectUriProblem(u);
    if (problem)
      throw new OAuthError(
        error === "invalid_client_metadata" ? "invalid_redirect_uri" : error,
        `The redirect URI ${String(u).slice(0, 200)} ${problem}.`,
      );
  }
  return uris as string[];
}

/**
 * Exact match against the registered URIs, except that a loopback redirect may use any port
 * (RFC 8252 §7.3: a native app picks a free port at run time).
 */
export function redirectUriMatches(requested: string, registered: string[]): boolean {
  if (registered.includes(requested)) return true;
  const r = parse(requested);
  if (!r || !isLoopback(r) || requested.includes("#")) return false;
  return registered.some((raw) => {
    const g = parse(raw);
    if (!g || !isLoopback(g)) return false;
    return g.hostname === r.hostname && g.pathname === r.pathname && g.search === r.search;
  });
}
