import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { verifyPassword } from "@/lib/auth/passwords";
import { verifySignIn } from "./verify-sign-in";

/**
 * Issue 43, item 9: sign-in must not tell whether an address has an account by its timing. Every
 * attempt runs exactly one real argon2 verification (against a dummy hash when the address is
 * unknown), counted here rather than timed (no wall-clock assertions on a loaded machine).
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

function counting() {
  const hashes: string[] = [];
  const verify: typeof verifyPassword = (hash, password) => {
    hashes.push(hash);
    return verifyPassword(hash, password);
  };
  return { hashes, verify };
}

it("an unknown address, a wrong password and a right one each cost one argon2 verification", async () => {
  const u = await makeUser();
  const unknown = counting();
  expect(await verifySignIn(`nobody.${u.userId}@example.com`, u.password, unknown.verify)).toBeNull();
  expect(unknown.hashes).toHaveLength(1);
  expect(unknown.hashes[0]).toMatch(/^\$argon2id\$/);

  const wrong = counting();
  expect(await verifySignIn(u.email, "not the password", wrong.verify)).toBeNull();
  expect(wrong.hashes).toHaveLength(1);
  // The dummy has the same parameters (cost) as a real hash.
  expect(unknown.hashes[0].split("$").slice(0, 4)).toEqual(wrong.hashes[0].split("$").slice(0, 4));

  const right = counting();
  expect(await verifySignIn(u.email, u.password, right.verify)).toMatchObject({ id: u.userId, email: u.email });
  expect(right.hashes).toHaveLength(1);
});
