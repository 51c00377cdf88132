import { ApiError } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";
import { parseInstant } from "@/lib/weather/schemas";
import { injectSimulatedWeather } from "@/lib/weather";
import { getDb } from "@/lib/db/client";
import { makeSandboxWatchesDue } from "./make-watches-due";

import type { SimulationRequest } from "@/lib/weather/simulation-schemas";

export type CreateSimulationBody = SimulationRequest;

/** Default injection window: from now for six hours. */
const DEFAULT_HOURS = 6;

/** API injection: sandbox accounts only (production data must never be faked through the API). */
export async function createSimulation(account: AccountInfo, body: CreateSimulationBody) {
  if (account.environment !== "sandbox") {
    throw new ApiError(
      "forbidden",
      "Weather simulations are available to sandbox accounts only; operators can use the admin CLI (inject-weather).",
    );
  }
  return storeSimulation(body, account.id);
}

/** Validated body -> stored injection (shared by the API and the admin CLI). */
export async function storeSimulation(body: CreateSimulationBody, accountId: string | null) {
  const startsAt = body.starts_at === undefined ? new Date() : parseInstant(body.starts_at, "UTC");
  if (!startsAt)
    throw new ApiError("bad_request", "Invalid starts_at: must be an ISO 8601 date-time.", {
      details: { field: "starts_at" },
    });
  const endsAt =
    body.ends_at === undefined
      ? new Date(startsAt.getTime() + DEFAULT_HOURS * 3_600_000)
      : parseInstant(body.ends_at, "UTC");
  if (!endsAt)
    throw new ApiError("bad_request", "Invalid ends_at: must be an ISO 8601 date-time.", {
      details: { field: "ends_at" },
    });
  const s = await injectSimulatedWeather({
    lat: body.lat,
    lng: body.lng,
    kind: body.kind,
    startsAt,
    endsAt,
    params: body.params as Record<string, number | string> | undefined,
    accountId,
  });
  // The sandbox loop (issue 33): watches see the injected weather at the runner's next pass.
  await makeSandboxWatchesDue(await getDb(), accountId);
  return {
    simulation_id: s.id,
    geohash: s.geohash,
    kind: s.kind,
    starts_at: s.startsAt,
    ends_at: s.endsAt,
    params: s.params,
  };
}
