import { registrationEndpoint } from "@/lib/oauth/endpoints";

/** Dynamic client registration (RFC 7591). */
export const POST = registrationEndpoint;
