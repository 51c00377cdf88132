/**
 * Issue 44 item 3: lib/trips in rooms (ops, events, proposals, weather) with verb-noun names.
 * Trip-wide files stay at the top: contracts, roles, member-role-sql, manage-trips/members, clock, time.
 */
const T = "lib/trips";
const room = (room, pairs) => pairs.map(([from, to]) => [`${T}/${from}.ts`, `${T}/${room}/${to ?? from}.ts`]);

const TRIPS_ROOMS = [
  // ops: the revision-checked write (its kernel lives here too: ops/write-trip-statement.ts), the op log.
  ...room("ops", [
    ["apply-change", "apply-trip-change"],
    ["apply-change.test", "apply-trip-change.test"],
    ["apply-op"],
    ["op-types"],
    ["prune-op-log"],
    ["ops.test"],
    ["ops-access.test"],
    ["concurrency.test"],
    ["diff-property.test"],
    ["round-trips.test"],
  ]),
  // events: the itinerary's events, their /api CRUD, their one-statement writes and the itinerary reads.
  ...room("events", [
    ["api-events", "manage-events"],
    ["events-api.test", "manage-events.test"],
    ["add-event-one-statement", "add-event-in-one-statement"],
    ["change-event-one-statement", "change-event-in-one-statement"],
    ["event-writes.race.test"],
    ["activity-of-event"],
    ["event-contracts"],
    ["event-schemas"],
    ["event-geo", "resolve-event-geo"],
    ["event-geo.test", "resolve-event-geo.test"],
    ["event-store", "store-events"],
    ["read-itinerary"],
    ["itinerary-model.test"],
    ["read-trip-statement", "read-trip-snapshot"],
    ["etag", "itinerary-etag"],
    ["itinerary-ical", "export-itinerary-ical"],
  ]),
  // proposals: raised by agents and the planner, accepted or rejected by members.
  ...room("proposals", [
    ["proposals", "raise-and-list-proposals"],
    ["proposals.test", "raise-and-list-proposals.test"],
    ["resolve-proposal"],
    ["accept-in-one-statement", "accept-proposal-in-one-statement"],
    ["proposal-changes", "apply-proposal-changes"],
    ["proposal-changes.test", "apply-proposal-changes.test"],
    ["proposal-changes.race.test", "apply-proposal-changes.race.test"],
    ["proposal-check-schemas"],
    ["proposal-contracts"],
    ["proposal-memo", "remember-proposal"],
    ["proposal-place-zones", "add-proposal-place-zones"],
    ["proposal-schemas"],
    ["proposal-staleness", "read-proposal-staleness"],
    ["proposal-status"],
    ["proposal-times", "add-proposal-offsets"],
    ["announce-replan-request"],
    ["announce-replan-request.routes.test"],
  ]),
  // weather: the trip's forecast and risk per event and day.
  ...room("weather", [
    ["get-trip-weather"],
    ["trip-weather.test", "get-trip-weather.test"],
    ["trip-weather-language.test"],
    ["trip-weather-contracts"],
    ["trip-weather-core", "analyse-trip-weather"],
    ["trip-weather-meter", "meter-trip-weather"],
    ["trip-weather-schemas"],
    ["day-places"],
    ["day-places.test"],
  ]),
];

export default TRIPS_ROOMS;
