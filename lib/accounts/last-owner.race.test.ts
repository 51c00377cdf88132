import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { accountMembers } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import { addTeamMember, makeOwner } from "./testing/team-fixtures";

/**
 * Two owners demoting each other at the same moment (issue 30): whatever the interleaving, one owner
 * remains. On real Postgres (TEST_DATABASE_URL) the two requests run on separate pooled connections,
 * truly at once; on PGlite they are serialised by its single connection and the test still checks the outcome.
 */
const member = await routeModule("/api/account/members/{userId}");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ poolSize: 10 });
});
afterAll(async () => t.close());

const ROUNDS = 20;

describe(`last owner under concurrency (${hasRealPostgres ? "Postgres" : "PGlite, serialised"})`, () => {
  it(`two owners demote each other at once, ${ROUNDS} times: exactly one of the two requests wins, one owner always remains`, async () => {
    const db = await getDb();
    for (let round = 0; round < ROUNDS; round++) {
      const a = await makeOwner();
      const b = await addTeamMember(a.accountId, "owner");
      const demote = (by: typeof a, target: string, role: string) =>
        call(member.PATCH, {
          method: "PATCH",
          path: `/api/account/members/${target}`,
          params: { userId: target },
          headers: by.portal,
          body: { role },
        });
      // Different target roles, so the winner is visible in the end state.
      const [ra, rb] = await Promise.all([demote(a, b.userId, "admin"), demote(b, a.userId, "developer")]);
      const statuses = [ra.status, rb.status].sort();
      // The loser is refused either as no longer an owner (403) or as demoting the last owner (409).
      expect(statuses[0], JSON.stringify([ra.body, rb.body])).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const owners = await db
        .select({ userId: accountMembers.userId })
        .from(accountMembers)
        .where(and(eq(accountMembers.accountId, a.accountId), eq(accountMembers.role, "owner")));
      expect(owners).toHaveLength(1);
      expect(owners[0].userId).toBe(ra.status === 200 ? a.userId : b.userId);
    }
  });

  it("two owners each leave at once: one leaves, the other stays as the last owner", async () => {
    const a = await makeOwner();
    const b = await addTeamMember(a.accountId, "owner");
    const leave = (by: typeof a) =>
      call(member.DELETE, {
        method: "DELETE",
        path: `/api/account/members/${by.userId}`,
        params: { userId: by.userId },
        headers: by.portal,
      });
    const results = await Promise.all([leave(a), leave(b)]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    const db = await getDb();
    const left = await db.select().from(accountMembers).where(eq(accountMembers.accountId, a.accountId));
    expect(left.map((m) => m.role)).toEqual(["owner"]);
  });
});
