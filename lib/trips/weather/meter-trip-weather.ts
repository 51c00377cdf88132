import { getAccountInfo } from "@/lib/accounts/find-user";
import { weatherMeter } from "@/lib/billing/meter";
import type { AccountInfo, PrincipalOf, RouteMeter } from "@/lib/http/types";
import { tripHead, tripWeatherCharge, type TripHead } from "./get-trip-weather";

type Caller = PrincipalOf<"access_token"> | PrincipalOf<"session">;
type Ctx = { principal: Caller; params: { tripId: number }; req: Request };

/** The caller's account for a request (read once by the meter; the handler needs its environment). */
const accounts = new WeakMap<Request, AccountInfo>();

export async function callerAccount(ctx: { principal: Caller; req: Request }): Promise<AccountInfo | undefined> {
  if (ctx.principal.type === "session") return ctx.principal.account;
  const known = accounts.get(ctx.req);
  if (known) return known;
  const account = await getAccountInfo(ctx.principal.accountId);
  if (account) accounts.set(ctx.req, account);
  return account;
}

/**
 * Trip weather is billed to the caller's account like timeline items: 2 units and 1 timeline item
 * per event that has a place. The portal session reads it free. A non-member is charged nothing
 * (the handler answers 404). The count is read before the handler, as every meter reserves first.
 */
export function tripWeatherMeter(): RouteMeter<Ctx> {
  const inner = weatherMeter<Ctx & { placed: number }>({
    endpoint: "trips.weather",
    charge: (c) => tripWeatherCharge(c.placed),
    sessionReadsFree: true,
  });
  return {
    refuses: true,
    async start(ctx) {
      if (ctx.principal.type === "session") return inner.start({ ...ctx, placed: 0 });
      const account = await callerAccount(ctx);
      const placed = await placedEventsForMember(ctx.req, ctx.params.tripId, ctx.principal.userId);
      if (!account || placed === null) return { billingUnits: 0, finish: async () => ({}) };
      return inner.start({ ...ctx, principal: { ...ctx.principal, account }, placed });
    },
    headers: (principal) => inner.headers(principal),
  };
}

/** The trip head a request's meter read (the handler reuses it: one statement for both). */
const heads = new WeakMap<Request, TripHead>();

export function headOf(req: Request): TripHead | undefined {
  return heads.get(req);
}

/** Events of the trip that have a place, or null when the user is not a member. */
async function placedEventsForMember(req: Request, tripId: number, userId: string): Promise<number | null> {
  const head = await tripHead(tripId, userId);
  if (head) heads.set(req, head);
  return head?.role ? head.placed : null;
}
