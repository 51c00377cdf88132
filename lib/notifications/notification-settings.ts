import { eq } from "drizzle-orm";
import { notificationSettings } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { clockToMinutes, DEFAULT_SETTINGS, minutesToClock, type DeliverySettings } from "./quiet-hours";
import type { NotificationSettingsBody } from "./notification-schemas";

/** A member's settings, or the defaults (immediately, no quiet hours, UTC) when they never saved any. */
export async function readDeliverySettings(userId: string): Promise<DeliverySettings> {
  const db = await getDb();
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row
    ? { mode: row.mode, quietStart: row.quietStart, quietEnd: row.quietEnd, timeZone: row.timeZone }
    : DEFAULT_SETTINGS;
}

export function settingsBody(s: DeliverySettings): NotificationSettingsBody {
  const start = minutesToClock(s.quietStart);
  const end = minutesToClock(s.quietEnd);
  return { mode: s.mode, quiet_hours: start && end ? { start, end } : null, time_zone: s.timeZone };
}

export async function getNotificationSettings(userId: string): Promise<NotificationSettingsBody> {
  return settingsBody(await readDeliverySettings(userId));
}

/**
 * Replaces the member's settings. Notifications already waiting for a mail keep their planned time,
 * but the sender reads the settings again before mailing: "off" or quiet hours apply at once.
 */
export async function putNotificationSettings(
  userId: string,
  input: NotificationSettingsBody,
): Promise<NotificationSettingsBody> {
  const values = {
    mode: input.mode,
    quietStart: clockToMinutes(input.quiet_hours?.start ?? null),
    quietEnd: clockToMinutes(input.quiet_hours?.end ?? null),
    timeZone: input.time_zone,
    updatedAt: new Date(),
  };
  const db = await getDb();
  await db
    .insert(notificationSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return settingsBody(values);
}
