import { defineRoute } from "@/lib/registry/route";
import { notificationContracts } from "@/lib/notifications/contracts";
import { markAllNotificationsRead } from "@/lib/notifications/read-inbox";

export const POST = defineRoute(notificationContracts.markAllNotificationsRead, async ({ principal }) => ({
  data: { marked: await markAllNotificationsRead(principal.userId) },
}));
