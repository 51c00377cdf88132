import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { makeUser } from "@/lib/testing/fixtures";
import { accountCommands } from "@/scripts/admin/accounts";
import { isEmailVerified } from "./email-verification";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

describe("admin verify-email (issue 42 item 7: production without SMTP_URL)", () => {
  it("confirms an unconfirmed address; a second run keeps the first time; an unknown email is 404", async () => {
    const u = await makeUser({ emailVerified: false });
    expect(await isEmailVerified(u.userId)).toBe(false);
    const first = await accountCommands["verify-email"].run({ email: u.email.toUpperCase() });
    expect(first).toMatchObject({ user_id: u.userId, email: u.email });
    expect(await isEmailVerified(u.userId)).toBe(true);
    const again = await accountCommands["verify-email"].run({ email: u.email });
    expect(again.email_verified_at).toBe(first.email_verified_at);
    await expect(accountCommands["verify-email"].run({ email: "nobody@example.test" })).rejects.toMatchObject({
      status: 404,
    });
  });
});
