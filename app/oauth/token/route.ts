import { tokenEndpoint } from "@/lib/oauth/endpoints";

/** The token endpoint (authorization_code with PKCE, refresh_token). */
export const POST = tokenEndpoint;
