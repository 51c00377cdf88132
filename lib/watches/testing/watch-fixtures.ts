import { call } from "@/lib/http/testing/call-route";
import type { TestUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";

const watchRoute = await routeModule("/v1/weather/watch");

const HOUR = 3600_000;

/** A valid create-watch body, window starting in `startInHours` and lasting `hours`. */
export function watchBody(
  overrides: Record<string, unknown> = {},
  opts: { startInHours?: number; hours?: number; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const start = new Date(now.getTime() + (opts.startInHours ?? 24) * HOUR);
  const end = new Date(start.getTime() + (opts.hours ?? 4) * HOUR);
  return {
    target_type: "place",
    target_ref: { place_id: "plc_lisbon_miradouro" },
    latitude: 38.7139,
    longitude: -9.1334,
    place_type: "viewpoint",
    activity_type: "walking_tour",
    outdoor: true,
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    webhook_url: "https://hooks.example.com/watch",
    ...overrides,
  };
}

/** Creates a watch through the public route; returns the created watch (data). */
export async function createWatchVia(u: TestUser, body: Record<string, unknown> = watchBody()) {
  const key = await u.key(["weather:watch"]);
  const res = await call(watchRoute.POST, { method: "POST", path: "/v1/weather/watch", bearer: key, body });
  if (res.status !== 201) throw new Error(`create watch failed: ${res.status} ${res.text}`);
  return { watch: res.body.data as { watch_id: string } & Record<string, unknown>, key };
}
