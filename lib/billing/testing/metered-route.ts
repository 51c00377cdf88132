/**
 * Test-only metered routes: the real route helper and the real meter around a
 * trivial handler, so meter behaviour (order, release, headers) is tested
 * without depending on the weather provider. Never mounted under app/.
 */
import { z } from "zod";
import { apiKey } from "@/lib/auth/strategies";
import { ApiError } from "@/lib/http/errors";
import { contract, type HandlerContext } from "@/lib/http/route";
import { defineRoute } from "@/lib/registry/route";
import { weatherMeter } from "../meter";

const auth = apiKey("weather:timeline");

const Body = z.object({
  kind: z.enum(["plain", "timeline", "route"]).default("plain"),
  items: z.number().int().min(1).max(100).default(1),
  /** What the handler does after the meter ran. */
  outcome: z.enum(["ok", "502", "504", "404", "500"]).default("ok"),
});

type Ctx = HandlerContext<typeof auth, undefined, undefined, typeof Body>;

const meteredContract = contract({
  method: "POST",
  path: "/test/metered",
  summary: "test",
  tags: ["Test"],
  family: "weather",
  auth,
  body: Body,
  internal: true,
  meter: weatherMeter<Ctx>({
    endpoint: "test.metered",
    charge: ({ body }) =>
      body.kind === "timeline"
        ? { units: 2 * body.items, timeline_items: body.items }
        : body.kind === "route"
          ? { units: 3 * body.items, route_calls: 1 }
          : { units: 1 },
  }),
  responses: { 200: { description: "ok", schema: z.object({ ok: z.boolean() }) } },
});

export const meteredRoute = defineRoute(meteredContract, async ({ body }) => {
  switch (body.outcome) {
    case "502":
      throw new ApiError("provider_unavailable", "upstream failed", { details: { upstream_status: 503 } });
    case "504":
      throw new ApiError("weather_refresh_timeout", "upstream timed out");
    case "404":
      throw new ApiError("not_found", "nothing here");
    case "500":
      throw new Error("boom");
    default:
      return { data: { ok: true } };
  }
});
