import { auditContracts as c } from "@/lib/audit/contracts";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { defineRoute } from "@/lib/registry/route";

export const GET = defineRoute(c.listAuditEvents, async ({ principal, query }) => ({
  data: await listAuditEvents(principal.accountId, query),
}));
