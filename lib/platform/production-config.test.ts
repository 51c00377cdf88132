import { describe, expect, it } from "vitest";
import { DEV_AUTH_SECRET } from "@/lib/env";
import { productionConfigProblems } from "./production-config";

const strong = "q0N8r2ZbXkT4vYc7Lm1PsW9eHjU3aGdF6iOx5Bn";

describe("production configuration check", () => {
  it("outside production nothing is required (embedded defaults)", () => {
    expect(productionConfigProblems({ NODE_ENV: "development" })).toEqual([]);
  });

  it.each([
    ["missing", undefined, /NEXTAUTH_SECRET is not set.*openssl rand/],
    ["short", "short-but-16-char", /NEXTAUTH_SECRET is too weak/],
    ["the development value", DEV_AUTH_SECRET, /NEXTAUTH_SECRET is too weak/],
    ["repetitive", "a".repeat(40), /NEXTAUTH_SECRET is too weak/],
  ])("in production a %s NEXTAUTH_SECRET is named with how to make one", (_label, secret, message) => {
    const problems = productionConfigProblems({ NODE_ENV: "production", NEXTAUTH_SECRET: secret });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it("a strong secret passes; a malformed encryption key or database URL is named", () => {
    expect(productionConfigProblems({ NODE_ENV: "production", NEXTAUTH_SECRET: strong })).toEqual([]);
    expect(
      productionConfigProblems({ NODE_ENV: "production", NEXTAUTH_SECRET: strong, APP_ENCRYPTION_KEY: "f".repeat(64) }),
    ).toEqual([]);
    const bad = productionConfigProblems({
      NODE_ENV: "production",
      NEXTAUTH_SECRET: strong,
      APP_ENCRYPTION_KEY: "nope",
      DATABASE_URL: "not a url",
    });
    expect(bad).toEqual([
      expect.stringMatching(/^APP_ENCRYPTION_KEY must be 32 bytes/),
      expect.stringMatching(/^DATABASE_URL is not a URL/),
    ]);
  });
});
