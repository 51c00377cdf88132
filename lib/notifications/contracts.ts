import { z } from "zod";
import { session } from "@/lib/auth/strategies";
import { areaContract } from "@/lib/http/contract";
import {
  NotificationListSchema,
  NotificationSchema,
  NotificationSettingsInput,
  NotificationSettingsSchema,
} from "./notification-schemas";

const contract = areaContract({ auth: session(), tags: ["Notifications"], family: "api" });
const PERSONAL = "Portal (session) only: the signed-in person's own notifications, whatever their role in the account.";

export const notificationContracts = {
  listNotifications: contract({
    operationId: "notifications.list",
    method: "GET",
    path: "/v1/me/notifications",
    summary: "List my notifications",
    description: `Newest first: proposals awaiting review and events that reached a trip's threshold, on the trips you are a member of. ${PERSONAL}`,
    examples: { query: { unread: "true" } },
    query: z.strictObject({
      unread: z
        .enum(["true", "false"], { error: "unread must be true or false" })
        .transform((v) => v === "true")
        .optional(),
      limit: z.coerce
        .number({ error: "limit must be a number from 1 to 200" })
        .int("limit must be a whole number")
        .min(1, "limit must be at least 1")
        .max(200, "limit must be at most 200")
        .optional(),
    }),
    responses: { 200: { description: "Notifications and the unread count", schema: NotificationListSchema } },
  }),
  markNotificationRead: contract({
    operationId: "notifications.markRead",
    method: "POST",
    path: "/v1/me/notifications/{notificationId}/read",
    summary: "Mark a notification read",
    description: `Idempotent (a read notification keeps its first read_at). Another person's notification is 404. ${PERSONAL}`,
    examples: { params: { notificationId: "8f14e45f-ceea-467a-9f2b-6c1a2d3e4f50" } },
    params: z.strictObject({ notificationId: z.string().uuid("notificationId must be a UUID") }),
    responses: { 200: { description: "The notification", schema: NotificationSchema } },
  }),
  markAllNotificationsRead: contract({
    operationId: "notifications.markAllRead",
    method: "POST",
    path: "/v1/me/notifications/read-all",
    summary: "Mark all my notifications read",
    description: PERSONAL,
    examples: {},
    responses: { 200: { description: "How many changed", schema: z.object({ marked: z.number().int() }) } },
  }),
  getNotificationSettings: contract({
    operationId: "notificationSettings.get",
    method: "GET",
    path: "/v1/me/notification-settings",
    summary: "Get my notification settings",
    description: `Defaults until saved: immediate, no quiet hours, UTC. ${PERSONAL}`,
    examples: {},
    responses: { 200: { description: "The settings", schema: NotificationSettingsSchema } },
  }),
  putNotificationSettings: contract({
    operationId: "notificationSettings.put",
    method: "PUT",
    path: "/v1/me/notification-settings",
    summary: "Save my notification settings",
    description:
      "The whole settings object. Quiet hours are wall-clock times in time_zone; mail due inside them is sent when they end " +
      `(a digest too). Switching to off stops mail at once, also for notifications already waiting. ${PERSONAL}`,
    examples: { body: { mode: "digest", quiet_hours: { start: "22:00", end: "07:00" }, time_zone: "Europe/Lisbon" } },
    body: NotificationSettingsInput,
    responses: { 200: { description: "The saved settings", schema: NotificationSettingsSchema } },
  }),
};
