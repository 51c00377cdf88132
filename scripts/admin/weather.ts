import { z } from "zod";
import { SIMULATION_KINDS } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import { zodIssues } from "@/lib/http/parse";
import { parseInstant } from "@/lib/weather/schemas";
import { storeSimulation } from "@/lib/watches/create-simulation";
import { SimulationBody } from "@/lib/weather/simulation-schemas";
import { providerIdFor, snapshotCount } from "@/lib/weather/io";
import { cellFor } from "@/lib/weather/core";
import { command } from "./types";

const coord = (min: number, max: number) => z.coerce.number().min(min).max(max);

function instant(v: string | undefined, fallback: Date, field: string): Date {
  if (v === undefined) return fallback;
  const d = parseInstant(v, "UTC");
  if (!d) throw new ApiError("bad_request", `--${field} must be an ISO 8601 date-time.`);
  return d;
}

export const weatherCommands = {
  "inject-weather": command({
    summary: `Inject simulated conditions for a place and window (same schema as POST /v1/weather/simulations): --lat N --lng N [--kind ${SIMULATION_KINDS.join("|")}] [--starts-at ISO] [--ends-at ISO] [--hours N] [--params JSON]`,
    flags: z.object({
      lat: coord(-90, 90),
      lng: coord(-180, 180),
      kind: z.string().optional(),
      startsAt: z.string().optional(),
      endsAt: z.string().optional(),
      hours: z.coerce.number().positive().max(216).default(6),
      params: z.string().optional(),
    }),
    async run(f) {
      const startsAt = instant(f.startsAt, new Date(), "starts-at");
      const endsAt = instant(f.endsAt, new Date(startsAt.getTime() + f.hours * 3_600_000), "ends-at");
      let params: unknown;
      if (f.params) {
        try {
          params = JSON.parse(f.params);
        } catch {
          throw new ApiError("bad_request", "--params must be a JSON object, e.g. '{\"precipitation_mm_h\":15}'.");
        }
      }
      const parsed = SimulationBody.safeParse({
        lat: f.lat,
        lng: f.lng,
        kind: f.kind,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        params,
      });
      if (!parsed.success) {
        const issues = zodIssues(parsed.error);
        throw new ApiError(
          "bad_request",
          `Invalid injection: ${issues.map((i) => `${i.path || "body"} ${i.message}`).join("; ")}.`,
          { details: { issues } },
        );
      }
      return storeSimulation(parsed.data, null);
    },
  }),
  "weather-cache-stats": command({
    summary:
      "Snapshots stored for a place's cell (= upstream fetches): --lat N --lng N [--environment production|sandbox] [--provider simulated|open-meteo|openweather]",
    flags: z.object({
      lat: coord(-90, 90),
      lng: coord(-180, 180),
      environment: z.enum(["production", "sandbox"]).default("production"),
      provider: z.enum(["simulated", "open-meteo", "openweather"]).optional(),
    }),
    async run(f) {
      const cell = cellFor(f.lat, f.lng, f.provider ?? providerIdFor(f.environment));
      return { cache_key: cell.key, snapshots: await snapshotCount(await getDb(), cell.key) };
    },
  }),
};
