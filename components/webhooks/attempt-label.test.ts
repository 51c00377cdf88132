import { describe, expect, it } from "vitest";
import { attemptLabel } from "./attempts-table";

describe("attempt labels (issue 42 item 8)", () => {
  it("a single test or resend attempt that failed is not labelled 'giving up'", () => {
    expect(attemptLabel({ status: "giving_up", delivery_kind: "test" })).toBe("failed (test event, not retried)");
    expect(attemptLabel({ status: "giving_up", delivery_kind: "manual" })).toBe("failed (resend, not retried)");
    expect(attemptLabel({ status: "giving_up", delivery_kind: "endpoint" })).toBeUndefined();
    expect(attemptLabel({ status: "delivered", delivery_kind: "test" })).toBeUndefined();
  });
});
