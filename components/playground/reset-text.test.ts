import { describe, expect, it } from "vitest";
import { resetText } from "./response-view";

describe("x-ratelimit-reset in the playground (issue 42 item 8)", () => {
  it("shows the epoch with the time it stands for; anything else as sent", () => {
    const t = resetText("1800000000");
    expect(t.startsWith("1800000000 (")).toBe(true);
    expect(t).toContain("2027");
    expect(resetText("soon")).toBe("soon");
  });
});
