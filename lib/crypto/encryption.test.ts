import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { decryptSecret, encryptSecret } from "./encryption";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

describe("secret encryption (AES-256-GCM)", () => {
  it("round-trips, uses a fresh IV each time and detects tampering", () => {
    const a = encryptSecret("whsec_0123456789abcdef0123456789abcdef");
    const b = encryptSecret("whsec_0123456789abcdef0123456789abcdef");
    expect(a).not.toBe(b);
    expect(a).not.toContain("0123456789abcdef");
    expect(decryptSecret(a)).toBe("whsec_0123456789abcdef0123456789abcdef");
    const parts = a.split(".");
    const ct = Buffer.from(parts[3], "base64url");
    ct[0] ^= 1;
    parts[3] = ct.toString("base64url");
    expect(() => decryptSecret(parts.join("."))).toThrow();
  });

  it("uses APP_ENCRYPTION_KEY when set; another key cannot decrypt", () => {
    process.env.APP_ENCRYPTION_KEY = "11".repeat(32);
    resetEnvCache();
    const stored = encryptSecret("s3cret");
    expect(decryptSecret(stored)).toBe("s3cret");
    process.env.APP_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString("base64");
    resetEnvCache();
    expect(() => decryptSecret(stored)).toThrow();
  });

  it("refuses a key of the wrong size with a clear message", () => {
    process.env.APP_ENCRYPTION_KEY = "too-short";
    resetEnvCache();
    expect(() => encryptSecret("x")).toThrow(/32 bytes/);
  });
});
