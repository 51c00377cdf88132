import { describe, expect, it } from "vitest";
import { invitationMail } from "./invitation-mail";

const base = { role: "viewer" as const, link: "https://x/invite/t", expiresAt: new Date("2027-01-01T00:00:00Z") };

describe("invitationMail subject (issue 42 item 8)", () => {
  it("never reads 'X invited you to X': an account named after its inviter says 'their account'", () => {
    expect(invitationMail({ ...base, accountName: "ana@example.com", inviter: "ana@example.com" }).subject).toBe(
      "ana@example.com invited you to their Skycast account",
    );
    expect(invitationMail({ ...base, accountName: "Acme", inviter: "ana@example.com" }).subject).toBe(
      "ana@example.com invited you to Acme on Skycast",
    );
    expect(invitationMail({ ...base, accountName: "Acme", inviter: "ana@example.com", locale: "fr" }).subject).toBe(
      "ana@example.com vous invite à rejoindre Acme sur Skycast",
    );
  });
});
