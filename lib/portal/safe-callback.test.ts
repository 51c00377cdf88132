import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "./safe-callback";

describe("safeCallbackUrl", () => {
  it("keeps same-site paths", () => {
    expect(safeCallbackUrl("/tokens")).toBe("/tokens");
    expect(safeCallbackUrl(["/webhooks?x=1"])).toBe("/webhooks?x=1");
  });

  it("refuses absolute, protocol-relative and backslash URLs (no open redirect)", () => {
    for (const bad of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", ""]) {
      expect(safeCallbackUrl(bad)).toBe("/keys");
    }
    expect(safeCallbackUrl(undefined, "/home")).toBe("/home");
  });
});
