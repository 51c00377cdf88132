import { and, desc, eq, gt } from "drizzle-orm";
import { weatherSimulations } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { ApiError, notFound } from "@/lib/http/errors";
import type { AccountInfo } from "@/lib/http/types";
import { forgetHeads } from "./io/snapshots/store";

function requireSandbox(account: AccountInfo): void {
  if (account.environment !== "sandbox") {
    throw new ApiError("forbidden", "Weather simulations are available to sandbox accounts only.");
  }
}

function present(r: typeof weatherSimulations.$inferSelect) {
  return {
    simulation_id: r.id,
    geohash: r.geohash,
    kind: r.kind,
    lat: r.lat,
    lng: r.lng,
    starts_at: new Date(r.startsAt).toISOString(),
    ends_at: new Date(r.endsAt).toISOString(),
    params: r.params ?? {},
    created_at: new Date(r.createdAt).toISOString(),
  };
}

/** The account's injections that have not ended yet, newest first (ended ones no longer change anything). */
export async function listSimulations(account: AccountInfo, now = new Date()) {
  requireSandbox(account);
  const db = await getDb();
  const rows = await db
    .select()
    .from(weatherSimulations)
    .where(and(eq(weatherSimulations.accountId, account.id), gt(weatherSimulations.endsAt, now)))
    .orderBy(desc(weatherSimulations.createdAt), desc(weatherSimulations.id))
    .limit(200);
  return { simulations: rows.map(present) };
}

/** Deletes one of the account's injections; readers of the cell stop seeing it at once. */
export async function deleteSimulation(account: AccountInfo, simulationId: string) {
  requireSandbox(account);
  const db = await getDb();
  const [row] = await db
    .delete(weatherSimulations)
    .where(and(eq(weatherSimulations.id, simulationId), eq(weatherSimulations.accountId, account.id)))
    .returning();
  if (!row) throw notFound("Simulation");
  forgetHeads(row.geohash);
  return { simulation_id: row.id, deleted: true as const };
}
