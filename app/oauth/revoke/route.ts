import { revocationEndpoint } from "@/lib/oauth/endpoints";

/** Token revocation (RFC 7009). */
export const POST = revocationEndpoint;
