/** Header the portal playground sends with the session cookie to act as one of the user's keys (client-safe). */
export const PLAYGROUND_KEY_HEADER = "x-playground-key";
