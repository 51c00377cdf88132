/** Reusable response-header documentation for route contracts (`headers` field). */
export type HeaderDocs = Record<string, { description: string; type?: "string" | "integer"; statuses?: number[] }>;

export const WEATHER_CACHE_HEADERS: HeaderDocs = {
  "X-Cache-Status": {
    description: "HIT, MISS, STALE or MIXED: how the weather snapshot(s) behind the answer were served.",
    statuses: [200],
  },
  "X-Weather-Snapshot-Id": {
    description: "UUID of the snapshot, when one snapshot backs the whole answer.",
    statuses: [200],
  },
  "Content-Language": {
    description:
      "The language of the answer's text (the `language` parameter negotiated: exact tag, then base language, then en); equals meta.language.",
    statuses: [200],
  },
};

export const VISA_RATE_HEADERS: HeaderDocs = {
  "X-RateLimit-Limit": {
    description: "The key's hourly request limit (absent for the master key).",
    type: "integer",
    statuses: [200, 400, 429],
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in this UTC hour (never negative).",
    type: "integer",
    statuses: [200, 400, 429],
  },
  "X-RateLimit-Reset": {
    description: "Unix seconds when the current one-hour window ends.",
    type: "integer",
    statuses: [200, 400, 429],
  },
  "Retry-After": {
    description: "Seconds until the window resets; equals the body's retryAfter.",
    type: "integer",
    statuses: [429],
  },
};

export const TRIP_REVISION_HEADERS: HeaderDocs = {
  "X-Trip-Revision": { description: "The trip's revision after this change.", type: "integer", statuses: [200, 201] },
};
