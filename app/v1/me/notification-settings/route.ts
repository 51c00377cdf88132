import { defineRoute } from "@/lib/registry/route";
import { notificationContracts } from "@/lib/notifications/contracts";
import { getNotificationSettings, putNotificationSettings } from "@/lib/notifications/notification-settings";

export const GET = defineRoute(notificationContracts.getNotificationSettings, async ({ principal }) => ({
  data: await getNotificationSettings(principal.userId),
}));

export const PUT = defineRoute(notificationContracts.putNotificationSettings, async ({ principal, body }) => ({
  data: await putNotificationSettings(principal.userId, body),
}));
