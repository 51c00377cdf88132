import { actionOf, assertCan } from "@/lib/accounts/permissions";
import { auditSuccess } from "@/lib/audit/audit-success";
import { setRouteHooks } from "@/lib/http/route-hooks";
import { recordRequest } from "@/lib/requests/request-log";
import { requestSource } from "@/lib/requests/request-source";

/**
 * Hands the route helper (lib/http/route.ts) the domain steps it runs on every request, so
 * lib/http imports no domain: the role check, the audit row and the request-log row. Run once
 * per module graph by lib/registry/route.ts, before any route is defined; idempotent.
 */
export function installRouteHooks(): void {
  setRouteHooks({
    assertRoleMay: (role, operationId) => assertCan(role, actionOf(operationId)),
    auditSuccess,
    // Who made the call (portal, playground, api) is the requests domain's reading of the credential.
    logRequest: (req, finished) => recordRequest({ ...finished, source: requestSource(req, finished.principal) }),
  });
}
