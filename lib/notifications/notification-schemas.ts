import { z } from "zod";
import { NOTIFICATION_KINDS, NOTIFICATION_MODES } from "@/drizzle/schema";
import { TimeZoneName } from "@/lib/time/time-zone";

const Clock = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM (00:00 to 23:59)")
  .meta({ example: "22:00" });

export const NotificationSettingsSchema = z
  .object({
    mode: z.enum(NOTIFICATION_MODES).meta({
      description:
        "immediate (the default): one mail per notification, held until the end of the quiet hours; digest: one mail a day " +
        "(at the end of the quiet hours, else 08:00 in time_zone); off: no mail, the portal inbox only.",
    }),
    quiet_hours: z.object({ start: Clock, end: Clock }).nullable().meta({
      description: "No mail between start and end in time_zone (start later than end spans midnight); null = none.",
    }),
    time_zone: TimeZoneName,
  })
  .meta({ id: "NotificationSettings" });

/** PUT body: the whole settings object; quiet hours of zero length are refused rather than read as "none". */
export const NotificationSettingsInput = NotificationSettingsSchema.superRefine((v, ctx) => {
  if (v.quiet_hours && v.quiet_hours.start === v.quiet_hours.end)
    ctx.addIssue({
      code: "custom",
      path: ["quiet_hours", "end"],
      message: "must differ from start (use null for no quiet hours)",
    });
});

export type NotificationSettingsBody = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSchema = z
  .object({
    notification_id: z.string().uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    trip_id: z.number().int(),
    trip_name: z.string(),
    proposal_id: z.string().uuid().nullable(),
    event_id: z.number().int().nullable(),
    title: z.string(),
    body: z.string(),
    created_at: z.string().meta({ format: "date-time" }),
    read_at: z.string().meta({ format: "date-time" }).nullable(),
    /** The portal page it is about (the trip, focused on the proposal when there is one). */
    href: z.string(),
    mail: z.enum(["sent", "scheduled", "none"]).meta({
      description: "sent: mailed; scheduled: waiting for the end of quiet hours or the digest; none: inbox only",
    }),
  })
  .meta({ id: "Notification" });

export type NotificationBody = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread_count: z.number().int(),
});
