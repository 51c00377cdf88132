import { env } from "@/lib/env";
import { publicBaseUrl } from "@/lib/oauth/config";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * DNS-rebinding protection (MCP transports: a server MUST validate Origin and answer 403 when it is
 * present and invalid). Allowed: no Origin (every non-browser client: SDKs, claude.ai and ChatGPT
 * connect server to server), the app's public origin, and MCP_ALLOWED_ORIGINS (browser-based clients
 * such as the Inspector's web UI). A server whose public URL is a loopback one takes loopback origins
 * on any port and refuses a non-loopback Host: a page on another name resolving to 127.0.0.1 cannot
 * reach a developer's server.
 */
export function originRefusal(req: Request): Response | undefined {
  const ownOrigin = publicBaseUrl(req);
  const origin = req.headers.get("origin");
  const local = LOOPBACK.has(new URL(ownOrigin).hostname);
  // A server on a loopback URL also takes loopback pages on other ports (the Inspector's web UI).
  const loopbackPage = local && origin !== null && URL.canParse(origin) && LOOPBACK.has(new URL(origin).hostname);
  if (origin !== null && origin !== ownOrigin && !loopbackPage && !allowedOrigins().has(origin)) {
    return forbidden(`Origin ${JSON.stringify(origin.slice(0, 200))} may not call this MCP server`);
  }
  const host = req.headers.get("host");
  if (host && local && !LOOPBACK.has(hostnameOf(host))) {
    return forbidden(`Host ${JSON.stringify(host.slice(0, 200))} is not this local server`);
  }
  return undefined;
}

function hostnameOf(host: string): string {
  return URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : host;
}

function allowedOrigins(): Set<string> {
  return new Set(
    (env().MCP_ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter((o) => o.length > 0),
  );
}

function forbidden(message: string): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: `Forbidden: ${message}.` }, id: null },
    { status: 403 },
  );
}
