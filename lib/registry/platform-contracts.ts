import { z } from "zod";
import { contract } from "@/lib/http/contract";
import { apiKey, none } from "@/lib/auth/strategies";
import { weatherMeter } from "@/lib/billing/meter";

const weatherHealthAuth = apiKey("weather:read");

export const platformContracts = {
  healthz: contract({
    operationId: "platform.getHealth",
    examples: {},
    method: "GET",
    path: "/api/healthz",
    summary: "Liveness for load balancers",
    description:
      "Unauthenticated. 200 when the process is up, its configuration is complete and the database answers; 503 otherwise. `runner` reports this instance's background job runner separately (a stalled runner does not fail the check: alert on it instead), including the work it holds and any held longer than an attempt may take.",
    tags: ["Platform"],
    family: "api",
    auth: none(),
    responses: {
      200: {
        description: "Up",
        schema: z.object({
          status: z.literal("ok"),
          database: z.literal("ok"),
          runner: z.object({
            mode: z.enum(["local", "inngest", "disabled"]),
            status: z.enum(["ok", "starting", "stalled", "n/a"]),
            last_ok_at: z.string().nullable(),
            held: z
              .number()
              .int()
              .describe(
                "Webhook chains and watch claims this instance holds now (their leases renewed while it works on them).",
              ),
            held_overdue: z
              .number()
              .int()
              .describe(
                "Of those, held longer than `held_allowed_ms` (stuck: renewed but not worked on); any makes `status` stalled.",
              ),
            held_allowed_ms: z.number().int(),
          }),
        }),
      },
      503: {
        description:
          "Database unreachable, or the configuration is incomplete (the message names the setting). While the database is unreachable the error's `details.runner` carries the same runner report as a 200.",
      },
    },
  }),
  weatherHealth: contract({
    operationId: "weather.getHealth",
    examples: {},
    method: "GET",
    path: "/v1/weather/health",
    summary: "Weather API health",
    description: "Confirms reachability, key and scope. Bills 0 units; independent of the weather provider.",
    tags: ["Weather"],
    family: "weather",
    auth: weatherHealthAuth,
    meter: weatherMeter({ endpoint: "weather.health", charge: 0 }),
    responses: {
      200: { description: "Healthy", schema: z.object({ status: z.literal("ok"), environment: z.string() }) },
    },
  }),
};
