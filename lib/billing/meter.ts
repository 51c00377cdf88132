// PLACEHOLDER (owned by the billing helper): replaced by the real quota meter.
import type { RouteMeter } from "@/lib/http/types";

export interface Charge {
  /** Billing units of the call (0: not counted toward `requests`). */
  units: number;
  timeline_items?: number;
  route_calls?: number;
}

export function weatherMeter<Ctx>(opts: { endpoint: string; charge: (ctx: Ctx) => Charge }): RouteMeter<Ctx> {
  return {
    async start(ctx) {
      const c = opts.charge(ctx);
      return { billingUnits: c.units, finish: async () => ({}) };
    },
    headers: async () => ({}),
  };
}
