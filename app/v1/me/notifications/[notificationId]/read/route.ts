import { defineRoute } from "@/lib/registry/route";
import { notificationContracts } from "@/lib/notifications/contracts";
import { markNotificationRead } from "@/lib/notifications/read-inbox";

export const POST = defineRoute(notificationContracts.markNotificationRead, async ({ principal, params }) => ({
  data: await markNotificationRead(principal.userId, params.notificationId),
}));
