import fs from "node:fs";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import type { Polygon } from "./cap";

/**
 * Warning-region boundaries for CAP geocodes (issue 39). MeteoAlarm entries often name their area
 * only by a geocode: `NUTS3` (Eurostat NUTS, e.g. FR718 Haute-Savoie) or `EMMA_ID` (MeteoAlarm's
 * own ids, e.g. UK105 Strathclyde). An alert applies to a point only inside its area's boundary;
 * an area whose geocode is not in the data is unresolved and becomes a country-level notice.
 *
 * Data file (WEATHER_ALERT_REGIONS_FILE, JSON): { "source": "...", "licence": "...", "regions":
 * { "<NAME>:<value>": [[ [lat, lng], ... ], ...] } } with NAME in upper case (NUTS3, NUTS2, NUTS1,
 * EMMA_ID). A NUTS code also matches the regions under it (FR71 covers FR711...FR718), so a NUTS2
 * geocode resolves from NUTS3 boundaries. No boundaries are shipped by default: decision 0123 says
 * why (licences) and which sources were checked.
 */
export interface RegionData {
  source?: string;
  licence?: string;
  regions: Record<string, Polygon[]>;
}

// `found` memoises answers: a NUTS prefix lookup scans every region (~4 ms over 1,500 regions), and the
// same few geocodes are asked for on every feed read.
interface Loaded {
  file: string | undefined;
  data: RegionData;
  found: Map<string, Polygon[] | null>;
}
let loaded: Loaded | null = null;

function load(): Loaded {
  const file = env().WEATHER_ALERT_REGIONS_FILE;
  if (loaded && loaded.file === file) return loaded;
  let data: RegionData = { regions: {} };
  if (file) {
    try {
      const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as RegionData;
      if (parsed && typeof parsed.regions === "object") data = parsed;
    } catch (err) {
      log.warn("alert regions file unreadable: geocoded alerts become country-level notices", {
        error: (err as Error).message,
      });
    }
  }
  loaded = { file, data, found: new Map() };
  return loaded;
}

const NUTS = /^NUTS[0-3]?$/;

/** The boundary of a geocode, or null when the data does not know it. */
export function geocodePolygons(name: string, value: string): Polygon[] | null {
  const key = name.trim().toUpperCase();
  const code = value.trim().toUpperCase();
  if (!code) return null;
  const { data, found } = load();
  const memo = `${key}:${code}`;
  const hit = found.get(memo);
  if (hit !== undefined) return hit;
  const answer = lookup(data.regions, key, code);
  found.set(memo, answer);
  return answer;
}

function lookup(regions: Record<string, Polygon[]>, key: string, code: string): Polygon[] | null {
  const exact = regions[`${key}:${code}`];
  if (exact) return exact;
  if (NUTS.test(key)) {
    // Any level: the code itself, else every finer region whose code starts with it.
    const found: Polygon[] = [];
    for (const [k, polys] of Object.entries(regions)) {
      const [n, v] = k.split(":");
      if (NUTS.test(n) && v.startsWith(code) && v.length > code.length) found.push(...polys);
      else if (NUTS.test(n) && v === code) return polys;
    }
    return found.length ? found : null;
  }
  return null;
}
