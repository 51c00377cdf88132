import { randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { oauthClients, oauthGrants } from "@/drizzle/schema";
import { recordAudit } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db/client";
import { listTrips } from "@/lib/trips/manage-trips";
import { LEVEL_LABELS } from "./config";
import { revokeGrantById } from "./grants";

export interface ConnectedAgent {
  grantId: number;
  clientName: string;
  clientUri: string | null;
  trips: Array<{ trip_id: number; name: string }>;
  level: string;
  weather: boolean;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Every live grant of the user with its client, trips (by name), level, created and last used. */
export async function listConnectedAgents(userId: string): Promise<ConnectedAgent[]> {
  const db = await getDb();
  const rows = await db
    .select({ grant: oauthGrants, client: oauthClients })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.clientId, oauthGrants.clientId))
    .where(and(eq(oauthGrants.userId, userId), isNull(oauthGrants.revokedAt)))
    .orderBy(desc(oauthGrants.createdAt), desc(oauthGrants.id));
  const names = new Map((await listTrips(userId)).map((t) => [t.trip_id, t.name]));
  return rows.map(({ grant, client }) => ({
    grantId: grant.id,
    clientName: client.clientName,
    clientUri: client.clientUri ?? (client.kind === "metadata_document" ? client.clientId : null),
    trips: grant.tripIds.map((id) => ({ trip_id: id, name: names.get(id) ?? `Trip ${id} (no longer yours)` })),
    level: LEVEL_LABELS[grant.level],
    weather: grant.weather,
    createdAt: grant.createdAt.toISOString(),
    lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
  }));
}

/** The user revokes one of their grants: everything it issued stops on every instance; audited. */
export async function revokeConnectedAgent(
  user: { userId: string; accountId: string },
  grantId: number,
): Promise<boolean> {
  const grant = await revokeGrantById(grantId, user.userId);
  if (!grant) return false;
  await recordAudit({
    accountId: user.accountId,
    action: "oauth_grant.revoked",
    actor: `user:${user.userId}`,
    credential: "session",
    ip: null,
    target: `oauth_grant:${grantId}`,
    requestId: randomUUID(),
    details: { client_id: grant.clientId, trip_ids: grant.tripIds, level: grant.level },
  });
  return true;
}
