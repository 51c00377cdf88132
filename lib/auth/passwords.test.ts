import { afterEach, expect, it } from "vitest";
import { overrideEnv } from "@/lib/testing/override-env";
import { hashPassword, verifyPassword } from "./passwords";

/**
 * The suite hashes with cheap parameters (PASSWORD_HASH_COST=test, vitest.config.ts); these pin that
 * a deployed instance never does: production strength unless both the setting and NODE_ENV=test.
 */
let undo: (() => void) | undefined;
afterEach(() => undo?.());

const params = (hash: string) => hash.split("$")[3];

it("hashes at OWASP's argon2id minimum (m=19 MiB, t=2) by default", async () => {
  undo = overrideEnv({ PASSWORD_HASH_COST: "standard" });
  const hash = await hashPassword("correct horse battery staple");
  expect(hash).toMatch(/^\$argon2id\$/);
  expect(params(hash)).toBe("m=19456,t=2,p=1");
  expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
  expect(await verifyPassword(hash, "wrong")).toBe(false);
});

it("ignores the test cost outside NODE_ENV=test", async () => {
  undo = overrideEnv({ PASSWORD_HASH_COST: "test", NODE_ENV: "production" });
  expect(params(await hashPassword("correct horse battery staple"))).toBe("m=19456,t=2,p=1");
});

it("the test cost still makes argon2id hashes that verify", async () => {
  undo = overrideEnv({ PASSWORD_HASH_COST: "test", NODE_ENV: "test" });
  const hash = await hashPassword("correct horse battery staple");
  expect(params(hash)).toBe("m=1024,t=1,p=1");
  expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
  expect(await verifyPassword(hash, "wrong")).toBe(false);
});
