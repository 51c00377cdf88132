import { defineRoute } from "@/lib/registry/route";
import { notificationContracts } from "@/lib/notifications/contracts";
import { listNotifications } from "@/lib/notifications/read-inbox";

export const GET = defineRoute(notificationContracts.listNotifications, async ({ principal, query }) => ({
  data: await listNotifications(principal.userId, { unreadOnly: query.unread, limit: query.limit }),
}));
