import { defineRoute } from "@/lib/registry/route";
import { requestContracts as c } from "@/lib/requests/contracts";
import { listRequests } from "@/lib/requests/list-requests";

export const GET = defineRoute(c.listRequests, async ({ principal, query }) => ({
  data: await listRequests(principal.accountId, query),
}));
