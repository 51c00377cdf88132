import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { getProposalCall } from "@/lib/trips/testing/trip-fixture";
import { raisePlannerProposal } from "./raise-planner-proposal";
import { stormyTrip } from "./testing/stormy-trip";

// Issue 38 item 8: a stored planner proposal is written in the trip owner's language (users.locale,
// negotiated like the weather API's `language`), read back through the REST route.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("planner proposal language", () => {
  it.each([
    ["de-DE", /^Gewitter \d\d:\d\d-\d\d:\d\d; /, /^(Verschieben auf|Mit .* tauschen)/],
    ["fr", /^orages \d\d:\d\d-\d\d:\d\d ?; /, /^(Déplacer au|Échanger avec)/],
    ["ja", /^雷雨 \d\d:\d\d-\d\d:\d\d; /, /(に移動|と入れ替え)$/],
    [null, /^thunderstorms \d\d:\d\d-\d\d:\d\d; /, /^(Move to|Swap with)/],
  ])("owner locale %s: reason and label read in that language", async (locale, reason, label) => {
    const f = await stormyTrip({ locale: locale ?? undefined });
    const raised = await raisePlannerProposal({ tripId: f.tripId, eventId: f.ids.sintra });
    expect(raised.action).toBe("created");
    const p = await getProposalCall(f.token, f.tripId, raised.proposalId!);
    expect(p.status).toBe(200);
    expect(p.body.options.length).toBeGreaterThan(0);
    for (const o of p.body.options as Array<{ reason: string; label: string }>) {
      expect(o.reason).toMatch(reason);
      expect(o.label).toMatch(label);
    }
  });
});
