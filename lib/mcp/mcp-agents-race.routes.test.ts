import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, describeWithPostgres, hasRealPostgres, type TestDatabase } from "@/lib/db/testing/test-db";
import { startAppHttpServer, type AppHttpServer } from "@/lib/testing/app-http-server";
import { makeTrip } from "@/lib/trips/testing/trip-fixture";

/**
 * 50 MCP agents (each its own SDK Client over real HTTP) apply an operation on the same revision
 * of one trip on real Postgres: exactly one applies per round; every loser reads what changed with
 * get_trip_changes, moves its base to current_revision and retries, until all 50 changes are in.
 */
const AGENTS = 50;
/** The SDK's 60 s request timeout is for interactive use; 50 agents queue behind one row lock on a loaded 2-core machine. */
const SLOW_MACHINE = { timeout: 300_000 };
let t: TestDatabase;
let app: AppHttpServer;

beforeAll(async () => {
  if (!hasRealPostgres) return;
  t = await createTestDatabase({ poolSize: 20 });
  app = await startAppHttpServer();
  // Open the pool's connections before the race: on a loaded machine, 20 connects at once can
  // exceed the 5 s connect timeout (a 503 by design), which is not what this test is about.
  await Promise.all(Array.from({ length: 20 }, () => t.db.execute(sql`select pg_sleep(0.2)`)));
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

const event = (i: number) => ({
  type: "activity",
  title: `agent-${i} walk`,
  startDateTime: `2027-05-05T${String(8 + (i % 12)).padStart(2, "0")}:00:00+01:00`,
  endDateTime: `2027-05-05T${String(8 + (i % 12)).padStart(2, "0")}:30:00+01:00`,
});

describeWithPostgres("50 concurrent MCP agents on one revision (real Postgres)", () => {
  it("exactly one applies per round, losers re-read with get_trip_changes and retry: 0 lost updates", async () => {
    const trip = await makeTrip({ timeZone: "Europe/Lisbon" });
    const agents = await Promise.all(
      Array.from({ length: AGENTS }, async () => {
        const client = new Client({ name: "race-agent", version: "1.0.0" });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
            requestInit: { headers: { authorization: `Bearer ${trip.ownerToken}` } },
          }),
        );
        return client;
      }),
    );
    const first = (await agents[0].callTool({
      name: "get_itinerary",
      arguments: { trip_id: trip.tripId },
    })) as CallToolResult;
    const start = (first.structuredContent as { revision: number }).revision;

    let firstRoundWinners = -1;
    const attempts: number[] = [];
    const runAgent = async (client: Client, i: number) => {
      let base = start;
      for (let attempt = 1; ; attempt++) {
        expect(attempt).toBeLessThanOrEqual(AGENTS);
        const result = (await client.callTool(
          {
            name: "apply_trip_operation",
            arguments: {
              trip_id: trip.tripId,
              base_revision: base,
              type: "add_event",
              payload: event(i),
              op_id: `agent-${i}`,
            },
          },
          undefined,
          SLOW_MACHINE,
        )) as CallToolResult;
        if (!result.isError) {
          attempts[i] = attempt;
          return;
        }
        const error = JSON.parse((result.content[0] as { text: string }).text).error;
        expect(error, JSON.stringify(error)).toMatchObject({ code: "STALE_REVISION", base_revision: base });
        expect(error.current_revision).toBeGreaterThan(base);
        const changes = (await client.callTool(
          { name: "get_trip_changes", arguments: { trip_id: trip.tripId, since_revision: base } },
          undefined,
          SLOW_MACHINE,
        )) as CallToolResult;
        const diff = changes.structuredContent as { current_revision: number; ops: Array<{ revision: number }> };
        expect(diff.ops.length).toBeGreaterThan(0);
        base = diff.current_revision;
      }
    };
    // Round one: everyone on the same base; count how many applied on the first attempt.
    await Promise.all(agents.map((c, i) => runAgent(c, i)));
    firstRoundWinners = attempts.filter((a) => a === 1).length;
    await Promise.all(agents.map((c) => c.close()));

    expect(firstRoundWinners).toBe(1);
    const log = await queryRows<{ revision: number; op_id: string }>(
      t.db,
      sql`select revision, op_id from trip_ops where trip_id = ${trip.tripId} order by revision`,
    );
    expect(log.map((r) => r.revision)).toEqual(Array.from({ length: AGENTS }, (_, k) => start + k + 1));
    expect(log.map((r) => r.op_id).sort()).toEqual(Array.from({ length: AGENTS }, (_, i) => `agent-${i}`).sort());
    const titles = await queryRows<{ title: string }>(
      t.db,
      sql`select title from trip_events where trip_id = ${trip.tripId}`,
    );
    expect(titles.map((r) => r.title).sort()).toEqual(
      Array.from({ length: AGENTS }, (_, i) => `agent-${i} walk`).sort(),
    );
    // ~1,300 applies and as many diffs: a budget for a loaded 2-core machine, not a speed claim.
  }, 600_000);
});
