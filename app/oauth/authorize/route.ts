import { authorizeGet, authorizePost } from "@/lib/oauth/authorize";

/** The authorization endpoint: GET shows the consent page (after sign-in), POST is its Allow or Deny. */
export const GET = authorizeGet;
export const POST = authorizePost;
