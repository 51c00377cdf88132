import type { EventType } from "@/drizzle/schema";

/**
 * Kayak, canoe, sailing, a boat tour or trip, snorkelling, surfing, fishing, paddling, rafting, whale
 * watching (a zodiac or small boat offshore: 1.8 m waves are no "sightseeing" low).
 */
export const WATER_ACTIVITY =
  /\b(kayak\w*|canoe\w*|sail|sailing|boat tour|boat trip|snorkel\w*|surf|surfing|fishing|paddle\w*|sup|rafting|whale[- ]?watch\w*|zodiac)\b/i;

/**
 * A performance: it starts at the house's time, so the planner never moves it (lib/planner/reach.ts).
 * "Musical" only as the show, not a musical walking tour.
 */
export const PERFORMANCE =
  /\b(cinema|movie|theatre|theater|teatro|th[ée][âa]tre|opera|oper|staatsoper|ballet|symphony|philharmoni\w*|recital|musical(?!\s+(walk|walking|tour|stroll)))\b/i;
const OPEN_AIR = /\b(open[- ]air|outdoors?|in the park|under the stars)\b/i;
/** A performance in a hall (an open-air one is judged outdoors: a show, or sightseeing). */
const INDOOR_PERFORMANCE = new RegExp(`^(?!.*${OPEN_AIR.source}).*${PERFORMANCE.source}`, "i");

/** Title words that say what kind of activity an event is (first match wins). */
const BY_TITLE: Array<[RegExp, string]> = [
  // Water activities are small craft on open water or in the surf (issue 38 item 5): a sea kayak in
  // 1.8 m waves is not `low`, as the large ferry's bands would say. Before "hike" ("kayak trail").
  [WATER_ACTIVITY, "boat_tour"],
  // A glacier walk is a hike on ice with crampons (sunrise to sunset), never a town walk in twilight.
  [/\b(hike|hiking|trek|trekking|trail|summit|climb|glacier)\b/i, "hiking"],
  [/\b(beach|swim|swimming|praia|plage|playa)\b/i, "beach"],
  [/\b(bike|biking|cycling|cycle|bicycle)\b/i, "cycling"],
  [/\b(ferry|boat|cruise)\b/i, "ferry"],
  // Indoors: a visit, or a performance in a hall (teatro, Staatsoper, a ballet, a symphony, a musical).
  [/\b(museum|gallery|exhibition|aquarium|spa|cooking class)\b/i, "museum"],
  [INDOOR_PERFORMANCE, "museum"],
  [/\b(shopping|mall|boutique)\b/i, "shopping"],
  [/\b(walk|walking|stroll|tram|tuk)\b/i, "walking_tour"],
  [/\b(drive|driving|road trip|car rental)\b/i, "driving"],
  [/\b(concert|festival|match|game|show|stadium|fireworks|parade)\b/i, "event"],
];

const FOOD_OUTDOORS =
  /\b(picnic|terrace|rooftop|outdoor|al fresco|beach bar|garden|esplanada|street food|food market)\b/i;

/**
 * The risk profile of an itinerary event for trip weather: the event's own `activityType` when set,
 * else derived from its type and title (a flight is judged as getting to and from the airport, a
 * stay and a meal indoors unless the title says outdoors). Pure; the planner uses it too.
 */
export function activityOfEvent(e: { type: EventType; title: string; activityType?: string | null }): {
  activity_type: string;
  source: "event" | "derived";
} {
  if (e.activityType) return { activity_type: e.activityType, source: "event" };
  return { activity_type: derive(e.type, e.title), source: "derived" };
}

function derive(type: EventType, title: string): string {
  switch (type) {
    case "flight":
      return "airport_transfer";
    case "train":
      return "train";
    case "ferry":
      return "ferry";
    case "bus":
      // A coach on the road: the road profile (rain and snow on the road, not the passenger).
      return "driving";
    case "accommodation":
      return "indoor";
    case "food":
      return FOOD_OUTDOORS.test(title) ? "outdoor_dining" : "dining";
    case "local_transit":
      return /\b(ferry|boat)\b/i.test(title) ? "ferry" : "walking";
    case "free_block":
      return "free_time";
    case "activity":
      for (const [re, activity] of BY_TITLE) if (re.test(title)) return activity;
      return "sightseeing";
  }
}
