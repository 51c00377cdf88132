import { describe, expect, it } from "vitest";
import { tokenCurl } from "./access-tokens-panel";

describe("a new token's first call (issue 42 item 6)", () => {
  it("uses the token's trip when it is limited to one, else lists the trips", () => {
    expect(tokenCurl({ token: "sat_x", trip_ids: [42] }, "http://h")).toBe(
      'curl -H "Authorization: Bearer sat_x" \\\n  http://h/v1/trips/42/itinerary',
    );
    expect(tokenCurl({ token: "sat_x", trip_ids: [1, 2] }, "http://h")).toContain("http://h/v1/trips\n".trimEnd());
    expect(tokenCurl({ token: "sat_x", trip_ids: null }, "http://h").endsWith("http://h/v1/trips")).toBe(true);
  });
});
