/**
 * An OAuth error (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 7009 §2.2.1): the RFC's JSON body, never our
 * API envelope, and never a 5xx for anything a client sent.
 */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export const NO_STORE = { "Cache-Control": "no-store", Pragma: "no-cache" };

export function oauthErrorResponse(err: OAuthError): Response {
  const headers: Record<string, string> = { ...NO_STORE };
  if (err.status === 401) headers["WWW-Authenticate"] = 'Basic realm="skycast-oauth"';
  return Response.json({ error: err.error, error_description: err.description }, { status: err.status, headers });
}

/** Runs an endpoint: an OAuthError becomes its response; anything else is logged and answered as server_error (503 on an outage). */
export async function oauthEndpoint(
  run: () => Promise<Response>,
  onUnexpected: (err: unknown) => Response,
): Promise<Response> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof OAuthError) return oauthErrorResponse(err);
    return onUnexpected(err);
  }
}

/** A form-encoded body (RFC 6749 §4.1.3), bounded; a JSON body is accepted too by registration only. */
export async function readForm(req: Request): Promise<URLSearchParams> {
  const type = req.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) {
    throw new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded.");
  }
  const text = await boundedText(req, 16 * 1024);
  const form = new URLSearchParams(text);
  for (const name of new Set(form.keys())) {
    if (form.getAll(name).length > 1) throw new OAuthError("invalid_request", `The parameter ${name} is repeated.`);
  }
  return form;
}

export async function boundedText(req: Request, max: number): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max)
    throw new OAuthError("invalid_request", `The body exceeds ${max} bytes.`, 413);
  const buf = await req.arrayBuffer().catch(() => {
    throw new OAuthError("invalid_request", "The body could not be read.");
  });
  if (buf.byteLength > max) throw new OAuthError("invalid_request", `The body exceeds ${max} bytes.`, 413);
  return new TextDecoder("utf-8", { fatal: false }).decode(buf);
}
