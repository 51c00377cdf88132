/** The notification API's shapes as the portal reads them (lib/notifications/notification-schemas.ts). */
export interface PortalNotification {
  notification_id: string;
  kind: "proposal_awaits_review" | "event_risk_reached";
  trip_id: number;
  trip_name: string;
  proposal_id: string | null;
  event_id: number | null;
  title: string;
  body: string;
  created_at: string;
  read_at: string | null;
  href: string;
  mail: "sent" | "scheduled" | "none";
}

export interface NotificationSettings {
  mode: "immediate" | "digest" | "off";
  quiet_hours: { start: string; end: string } | null;
  time_zone: string;
}

export const notificationKeys = {
  inbox: ["notifications", "inbox"] as const,
  settings: ["notifications", "settings"] as const,
};
