import { z } from "zod";
import { IANAZone } from "luxon";
import zones from "./iana-time-zones.json";

/**
 * IANA time zone names as the document lists them (committed, so the document does not vary with
 * the Node ICU version): every canonical zone and UTC. The server also reads the aliases luxon knows
 * (e.g. Asia/Calcutta); the document names the canonical ones.
 */
export const TIME_ZONE_NAMES = zones as string[];

export const isValidTimeZone = (zone: string): boolean => IANAZone.isValidZone(zone);

/** One component for every time-zone field: a closed set in the document, the same check on the server. */
export const TimeZoneName = z
  .string()
  .max(64)
  .refine(isValidTimeZone, "must be an IANA time zone such as Europe/Paris")
  .meta({ id: "TimeZone", description: "IANA time zone, e.g. Europe/Lisbon", enum: TIME_ZONE_NAMES });
