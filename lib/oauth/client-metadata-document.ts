import https from "node:https";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { extraTrustContext, pinnedLookup } from "@/lib/webhooks/post-signed";
import { parseAllowList, resolveSafeTarget, SsrfError } from "@/lib/webhooks/ssrf";
import { OAuthError } from "./errors";

export const METADATA_MAX_BYTES = 16 * 1024;

/** Whether a client_id is a client ID metadata document URL (draft-ietf-oauth-client-id-metadata-document). */
export function isMetadataDocumentId(clientId: string): boolean {
  return clientId.startsWith("https://");
}

/** §3: HTTPS, a path, no fragment, no credentials, no dot segments. */
function clientIdProblem(clientId: string): string | undefined {
  let u: URL;
  try {
    u = new URL(clientId);
  } catch {
    return "is not a URL";
  }
  if (u.protocol !== "https:") return "must use https://";
  if (u.hash || clientId.includes("#")) return "must not contain a fragment";
  if (u.username || u.password) return "must not contain credentials";
  if (u.pathname === "/" || u.pathname === "") return "must contain a path";
  if (/\/\.\.?(\/|$)/.test(clientId.replace(/^https:\/\/[^/]+/, ""))) return "must not contain . or .. segments";
  if (clientId.length > 2000) return "is too long";
  return undefined;
}

/**
 * Fetches a client's metadata document through the SSRF guard (the webhook guard: public addresses
 * only, the connection pinned to the checked address; OAUTH_CLIENT_METADATA_ALLOWED_HOSTS lets a
 * loopback host through for tests, still over HTTPS with Node's trust), no redirects, at most
 * 16 KiB within OAUTH_CLIENT_METADATA_TIMEOUT_MS (5 s). Any failure is invalid_client: nothing is stored.
 */
export async function fetchClientMetadataDocument(clientId: string): Promise<Record<string, unknown>> {
  const problem = clientIdProblem(clientId);
  if (problem) throw new OAuthError("invalid_client", `The client_id URL ${problem}.`);
  let target;
  try {
    target = await resolveSafeTarget(clientId, parseAllowList(env().OAUTH_CLIENT_METADATA_ALLOWED_HOSTS));
  } catch (err) {
    if (err instanceof SsrfError)
      throw new OAuthError(
        "invalid_client",
        `The client metadata document cannot be fetched: ${err.message.replace(/^Refused webhook target: /, "")}`,
      );
    throw new OAuthError("invalid_client", "The client metadata document's host could not be resolved.");
  }
  const text = await new Promise<string>((resolve, reject) => {
    const url = target.url;
    const context = extraTrustContext();
    const req = https.request({
      method: "GET",
      host: target.host,
      ...(isIP(target.host) ? {} : { servername: target.host }),
      port: url.port ? Number(url.port) : 443,
      path: `${url.pathname}${url.search}`,
      lookup: pinnedLookup(target),
      agent: false,
      ...(context ? { secureContext: context } : {}),
      headers: { accept: "application/json", "user-agent": "SkycastOAuth/1.0" },
    });
    const fail = (why: string) => {
      req.destroy();
      reject(new OAuthError("invalid_client", `The client metadata document ${why}.`));
    };
    const timeoutMs = env().OAUTH_CLIENT_METADATA_TIMEOUT_MS;
    const timer = setTimeout(() => fail(`did not arrive within ${timeoutMs / 1000} s`), timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(
        new OAuthError(
          "invalid_client",
          `The client metadata document could not be fetched (${(err as NodeJS.ErrnoException).code ?? "network error"}).`,
        ),
      );
    });
    req.on("response", (res) => {
      if (res.statusCode !== 200) {
        clearTimeout(timer);
        res.resume();
        return fail(`answered HTTP ${res.statusCode} (redirects are not followed)`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        size += c.length;
        if (size > METADATA_MAX_BYTES) {
          clearTimeout(timer);
          return fail(`exceeds ${METADATA_MAX_BYTES} bytes`);
        }
        chunks.push(c);
      });
      res.on("end", () => {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString("utf8"));
      });
      res.on("error", () => {
        clearTimeout(timer);
        fail("was cut off");
      });
    });
    req.end();
  });
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_client", "The client metadata document is not JSON.");
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw new OAuthError("invalid_client", "The client metadata document is not a JSON object.");
  const d = doc as Record<string, unknown>;
  if (d.client_id !== clientId)
    throw new OAuthError("invalid_client", "The client metadata document's client_id is not its own URL.");
  if ("client_secret" in d || "client_secret_expires_at" in d)
    throw new OAuthError("invalid_client", "A client metadata document must not carry a client secret.");
  const method = d.token_endpoint_auth_method ?? "none";
  if (method !== "none")
    throw new OAuthError(
      "invalid_client",
      "A client metadata document client must use token_endpoint_auth_method none.",
    );
  return d;
}
