/** The itinerary's entity tag: the revision identifies its content exactly. */
export function itineraryEtag(tripId: number, revision: number): string {
  return `"trip-${tripId}-r${revision}"`;
}

/** RFC 9110 weak comparison against an If-None-Match list (or "*"). */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => bare(t) === bare(etag));
}
