import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "./secrets";

describe("sha256Hex (stored key and token hashes)", () => {
  it("is SHA-256 of the UTF-8 bytes, in lower-case hex", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // Hashes written before the one-shot hash was used must still match.
    for (const s of ["", "svc_0123456789abcdefABCDEF0123456789", "clé-ünïcode-🔑"]) {
      expect(sha256Hex(s)).toBe(createHash("sha256").update(s, "utf8").digest("hex"));
    }
  });
});
