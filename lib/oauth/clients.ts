import { eq } from "drizzle-orm";
import { oauthClients } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { newBearerSecret, randomBase62, safeEqual, sha256Hex } from "@/lib/auth/secrets";
import { fetchClientMetadataDocument, isMetadataDocumentId } from "./client-metadata-document";
import { OAuthError } from "./errors";
import { assertRedirectUris } from "./redirect-uris";

export interface OAuthClient {
  clientId: string;
  kind: "dynamic" | "metadata_document";
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
  tokenEndpointAuthMethod: string;
  clientSecretHash: string | null;
}

const AUTH_METHODS = ["none", "client_secret_basic", "client_secret_post"] as const;
const METADATA_REFRESH_MS = 3_600_000;

function optionalString(v: unknown, name: string, max: number, error: string): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== "string" || v.length > max)
    throw new OAuthError(error, `${name} must be a string of at most ${max} characters.`);
  return v.trim() || null;
}

function httpsUri(v: string | null, name: string, error: string): string | null {
  if (v === null) return null;
  try {
    if (new URL(v).protocol === "https:") return v;
  } catch {
    /* below */
  }
  throw new OAuthError(error, `${name} must be an https:// URL.`);
}

/** The metadata both registration and metadata documents carry, checked alike. */
function clientFields(body: Record<string, unknown>, error: string) {
  const redirectUris = assertRedirectUris(body.redirect_uris, error);
  const method = body.token_endpoint_auth_method ?? "none";
  if (!AUTH_METHODS.includes(method as (typeof AUTH_METHODS)[number])) {
    throw new OAuthError(error, `token_endpoint_auth_method must be one of ${AUTH_METHODS.join(", ")}.`);
  }
  for (const [field, allowed] of [
    ["grant_types", ["authorization_code", "refresh_token"]],
    ["response_types", ["code"]],
  ] as const) {
    const v = body[field];
    if (v === undefined) continue;
    if (!Array.isArray(v) || !v.every((x) => (allowed as readonly string[]).includes(x)))
      throw new OAuthError(error, `${field} may only hold ${allowed.join(", ")}.`);
  }
  const clientUri = httpsUri(optionalString(body.client_uri, "client_uri", 500, error), "client_uri", error);
  const clientName = optionalString(body.client_name, "client_name", 100, error);
  return { redirectUris, method: method as string, clientUri, clientName };
}

/** RFC 7591 dynamic registration: a new client; a confidential one gets its secret once (stored as SHA-256). */
export async function registerClient(body: unknown) {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new OAuthError("invalid_client_metadata", "Send the client metadata as a JSON object.");
  const f = clientFields(body as Record<string, unknown>, "invalid_client_metadata");
  const clientId = `dyn_${randomBase62(24)}`;
  const secret = f.method === "none" ? undefined : newBearerSecret("scs_");
  const db = await getDb();
  const [row] = await db
    .insert(oauthClients)
    .values({
      clientId,
      kind: "dynamic",
      clientName: f.clientName ?? "Unnamed client",
      clientUri: f.clientUri,
      redirectUris: f.redirectUris,
      tokenEndpointAuthMethod: f.method,
      clientSecretHash: secret?.hash ?? null,
    })
    .returning();
  return {
    client_id: row.clientId,
    client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
    ...(secret ? { client_secret: secret.value, client_secret_expires_at: 0 } : {}),
    client_name: row.clientName,
    ...(row.clientUri ? { client_uri: row.clientUri } : {}),
    redirect_uris: row.redirectUris,
    token_endpoint_auth_method: row.tokenEndpointAuthMethod,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  };
}

/**
 * The client named by a client_id: a registered one, or one whose metadata document is fetched
 * (and refreshed after an hour). Unknown or unusable: invalid_client; nothing is stored on failure.
 */
export async function loadClient(clientId: unknown): Promise<OAuthClient> {
  if (typeof clientId !== "string" || clientId.length === 0 || clientId.length > 2000)
    throw new OAuthError("invalid_client", "client_id is missing or malformed.");
  const db = await getDb();
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  if (!isMetadataDocumentId(clientId)) {
    if (!row) throw new OAuthError("invalid_client", "Unknown client_id.");
    return row;
  }
  if (row && row.fetchedAt && Date.now() - row.fetchedAt.getTime() < METADATA_REFRESH_MS) return row;
  const doc = await fetchClientMetadataDocument(clientId);
  const f = clientFields(doc, "invalid_client");
  const values = {
    kind: "metadata_document" as const,
    clientName: f.clientName ?? new URL(clientId).host,
    clientUri: f.clientUri,
    redirectUris: f.redirectUris,
    tokenEndpointAuthMethod: "none",
    clientSecretHash: null,
    fetchedAt: new Date(),
  };
  const [saved] = await db
    .insert(oauthClients)
    .values({ clientId, ...values })
    .onConflictDoUpdate({ target: oauthClients.clientId, set: values })
    .returning();
  return saved;
}

/**
 * Client authentication at the token and revocation endpoints: a public client names itself with
 * client_id; a confidential one sends its secret (HTTP Basic or in the form), compared as hashes.
 */
export async function authenticateClient(req: Request, form: URLSearchParams): Promise<OAuthClient> {
  let clientId = form.get("client_id");
  let secret = form.get("client_secret");
  const header = req.headers.get("authorization");
  if (header?.toLowerCase().startsWith("basic ")) {
    let decoded: string;
    try {
      decoded = Buffer.from(header.slice(6).trim(), "base64").toString("utf8");
    } catch {
      throw new OAuthError("invalid_client", "Malformed Basic credentials.", 401);
    }
    const i = decoded.indexOf(":");
    if (i < 0) throw new OAuthError("invalid_client", "Malformed Basic credentials.", 401);
    const safeDecode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, " "));
      } catch {
        throw new OAuthError("invalid_client", "Malformed Basic credentials.", 401);
      }
    };
    const basicId = safeDecode(decoded.slice(0, i));
    if (clientId && clientId !== basicId)
      throw new OAuthError("invalid_request", "client_id differs from the Basic credentials.");
    clientId = basicId;
    secret = safeDecode(decoded.slice(i + 1));
  }
  if (!clientId) throw new OAuthError("invalid_client", "Name the client with client_id.", 401);
  const client = await loadClient(clientId).catch((err) => {
    if (err instanceof OAuthError) throw new OAuthError("invalid_client", err.description, 401);
    throw err;
  });
  if (client.clientSecretHash) {
    if (!secret || !safeEqual(sha256Hex(secret), client.clientSecretHash))
      throw new OAuthError("invalid_client", "The client secret is wrong or missing.", 401);
  }
  return client;
}
