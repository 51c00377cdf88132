import { createHash, randomBytes } from "node:crypto";
import type { GrantLevel } from "../config";
import { loadClient, registerClient } from "../clients";
import { createGrantWithCode, exchangeCode } from "../grants";

/**
 * An OAuth access token as if the user had consented (a dynamic client, one grant, the PKCE code
 * exchanged): for tests of what a grant may do, without driving the consent page.
 */
export async function grantToken(opts: {
  userId: string;
  accountId: string;
  tripIds: number[];
  level: GrantLevel;
  resource: string;
  weather?: boolean;
}): Promise<{ accessToken: string; grantId: number }> {
  const redirectUri = "http://127.0.0.1:53682/callback";
  const reg = await registerClient({
    client_name: "Test host",
    redirect_uris: [redirectUri],
    token_endpoint_auth_method: "none",
  });
  const client = await loadClient(reg.client_id);
  const verifier = randomBytes(32).toString("base64url");
  const { grantId, code } = await createGrantWithCode({
    userId: opts.userId,
    accountId: opts.accountId,
    client,
    tripIds: opts.tripIds,
    level: opts.level,
    weather: opts.weather ?? false,
    resource: opts.resource,
    redirectUri,
    codeChallenge: createHash("sha256").update(verifier).digest("base64url"),
  });
  const tokens = await exchangeCode(
    client,
    new URLSearchParams({ code, code_verifier: verifier, redirect_uri: redirectUri, resource: opts.resource }),
  );
  return { accessToken: tokens.access_token, grantId };
}
