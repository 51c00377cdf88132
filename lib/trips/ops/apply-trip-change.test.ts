import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { queryOne } from "@/lib/db/sql";
import { ApiError } from "@/lib/http/errors";
import { applyTripChange, type ChangeContext } from "./apply-trip-change";
import { makeTrip } from "@/lib/trips/testing/trip-fixture";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

/**
 * A mutation step that fails the way a losing concurrent writer does: Postgres
 * itself raises the SQLSTATE, so the error reaching applyTripChange has the
 * driver's real shape (postgres-js or PGlite, possibly wrapped by drizzle).
 */
const failingStep = (condition: "serialization_failure" | "deadlock_detected") => async (ctx: ChangeContext) => {
  await ctx.tx.execute(
    sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'simulated ${condition}' USING ERRCODE = '${condition}'; END $$`),
  );
  return { affected: [], value: null };
};

const revisionOf = async (tripId: number) =>
  Number((await queryOne<{ revision: number }>(t.db, sql`SELECT revision FROM trips WHERE id = ${tripId}`))!.revision);

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("applyTripChange under concurrent-write failures", () => {
  for (const [condition, sqlstate] of [
    ["serialization_failure", "40001"],
    ["deadlock_detected", "40P01"],
  ] as const) {
    it(`${sqlstate} without a base revision maps to 409 conflict, not 500, and rolls the bump back`, async () => {
      const f = await makeTrip();
      const change = { tripId: f.tripId, source: "api" as const, type: "add_event", payload: {}, actorUserId: null };
      const err = await rejection(applyTripChange(change, failingStep(condition)));
      expect(err).toMatchObject({ code: "conflict", status: 409 });
      expect(err.message).toMatch(/retry/i);
      expect(await revisionOf(f.tripId)).toBe(0);
    });

    it(`${sqlstate} with a base revision maps to 409 STALE_REVISION carrying the current revision`, async () => {
      const f = await makeTrip();
      const change = {
        tripId: f.tripId,
        baseRevision: 0,
        source: "ops" as const,
        type: "add_event",
        payload: {},
        actorUserId: null,
      };
      const err = await rejection(applyTripChange(change, failingStep(condition)));
      expect(err).toMatchObject({
        code: "STALE_REVISION",
        status: 409,
        extra: { current_revision: 0, base_revision: 0 },
      });
      expect(await revisionOf(f.tripId)).toBe(0);
    });
  }

  it("any other database error still propagates unchanged (a real bug is not disguised as a conflict)", async () => {
    const f = await makeTrip();
    const change = { tripId: f.tripId, source: "api" as const, type: "add_event", payload: {}, actorUserId: null };
    const err = await applyTripChange(change, async (ctx) => {
      await ctx.tx.execute(sql`SELECT 1 / 0`);
      return { affected: [], value: null };
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).not.toBeNull();
    expect(err).not.toBeInstanceOf(ApiError);
    expect(await revisionOf(f.tripId)).toBe(0);
  });
});
