import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { accountInvitations, auditEvents } from "@/drizzle/schema";
import { verifyPassword } from "@/lib/auth/passwords";
import { sha256Hex } from "@/lib/auth/secrets";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { findUserByEmail } from "@/lib/accounts/find-user";
import { securitySuite } from "@/lib/testing/security-suite";
import { routeModule } from "@/lib/testing/route-registry";
import { addTeamMember, invitationToken, makeOwner, sessionCookie, SAME_ORIGIN } from "./testing/team-fixtures";

const members = await routeModule("/api/account/members");
const member = await routeModule("/api/account/members/{userId}");
const invitations = await routeModule("/api/account/invitations");
const invitation = await routeModule("/api/account/invitations/{invitationId}");
const accept = await routeModule("/api/account/invitations/accept");
const memberships = await routeModule("/api/account/memberships");
const keys = await routeModule("/api/developer/keys");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const patch = (headers: Record<string, string>, userId: string, role: string) =>
  call(member.PATCH, {
    method: "PATCH",
    path: `/api/account/members/${userId}`,
    params: { userId },
    headers,
    body: { role },
  });
const remove = (headers: Record<string, string>, userId: string) =>
  call(member.DELETE, { method: "DELETE", path: `/api/account/members/${userId}`, params: { userId }, headers });
const list = (headers: Record<string, string>) => call(members.GET, { path: "/api/account/members", headers });
const invite = (headers: Record<string, string>, email: string, role: string) =>
  call(invitations.POST, { method: "POST", path: "/api/account/invitations", headers, body: { email, role } });
const acceptWith = (body: Record<string, unknown>) =>
  call(accept.POST, { method: "POST", path: "/api/account/invitations/accept", body });

describe("members", () => {
  it("lists every member with their role, to any role", async () => {
    const owner = await makeOwner();
    const viewer = await addTeamMember(owner.accountId, "viewer");
    const res = await list(viewer.portal);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
      [owner.userId, "owner"],
      [viewer.userId, "viewer"],
    ]);
  });

  it("owners and admins change roles; developers and viewers get 403", async () => {
    const owner = await makeOwner();
    const admin = await addTeamMember(owner.accountId, "admin");
    const dev = await addTeamMember(owner.accountId, "developer");
    const viewer = await addTeamMember(owner.accountId, "viewer");
    expect((await patch(dev.portal, viewer.userId, "developer")).status).toBe(403);
    expect((await patch(viewer.portal, dev.userId, "viewer")).body.error.code).toBe("forbidden");
    const changed = await patch(admin.portal, viewer.userId, "developer");
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ user_id: viewer.userId, role: "developer" });
    expect((await patch(owner.portal, dev.userId, "viewer")).body.role).toBe("viewer");
  });

  it("granting or taking the owner role is for owners only (ownership transfer)", async () => {
    const owner = await makeOwner();
    const admin = await addTeamMember(owner.accountId, "admin");
    const dev = await addTeamMember(owner.accountId, "developer");
    expect((await patch(admin.portal, dev.userId, "owner")).status).toBe(403);
    expect((await patch(admin.portal, admin.userId, "owner")).status).toBe(403);
    expect((await patch(admin.portal, owner.userId, "admin")).status).toBe(403);
    expect((await patch(owner.portal, dev.userId, "owner")).body.role).toBe("owner");
  });

  it("the last owner cannot be demoted or leave (409 last_owner); with a second owner they can", async () => {
    const owner = await makeOwner();
    const admin = await addTeamMember(owner.accountId, "admin");
    const demote = await patch(owner.portal, owner.userId, "admin");
    expect(demote.status).toBe(409);
    expect(demote.body.error.details.reason).toBe("last_owner");
    expect((await remove(owner.portal, owner.userId)).status).toBe(409);
    expect((await patch(owner.portal, admin.userId, "owner")).status).toBe(200);
    expect((await patch(owner.portal, owner.userId, "admin")).status).toBe(200);
    const roles = (await list(admin.portal)).body.data.map((m: { role: string }) => m.role).sort();
    expect(roles).toEqual(["admin", "owner"]);
  });

  it("removing a member ends their session in that account at once; leaving works for any role", async () => {
    const owner = await makeOwner();
    const dev = await addTeamMember(owner.accountId, "developer");
    const viewer = await addTeamMember(owner.accountId, "viewer");
    expect((await list(dev.portal)).status).toBe(200);
    expect((await remove(owner.portal, dev.userId)).status).toBe(204);
    const after = await list(dev.portal);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("unauthorized");
    // Their own account is untouched.
    expect((await list({ cookie: await sessionCookie(dev.userId), ...SAME_ORIGIN })).status).toBe(200);
    expect((await remove(viewer.portal, viewer.userId)).status).toBe(204);
    expect((await list(viewer.portal)).status).toBe(401);
  });

  it("an admin cannot remove an owner; a developer cannot remove anyone; an unknown member is 404", async () => {
    const owner = await makeOwner();
    const admin = await addTeamMember(owner.accountId, "admin");
    const dev = await addTeamMember(owner.accountId, "developer");
    expect((await remove(admin.portal, owner.userId)).status).toBe(403);
    expect((await remove(dev.portal, admin.userId)).status).toBe(403);
    const stranger = await makeOwner();
    expect((await remove(owner.portal, stranger.userId)).status).toBe(404);
    expect((await remove(admin.portal, dev.userId)).status).toBe(204);
  });

  it("an API key with the admin scope manages members as an admin; other keys get 403", async () => {
    const owner = await makeOwner();
    const dev = await addTeamMember(owner.accountId, "developer");
    const adminKey = await owner.key(["admin"]);
    const readKey = await owner.key(["read"]);
    expect((await call(members.GET, { path: "/api/account/members", bearer: readKey })).status).toBe(403);
    const res = await call(member.PATCH, {
      method: "PATCH",
      path: `/api/account/members/${dev.userId}`,
      params: { userId: dev.userId },
      bearer: adminKey,
      body: { role: "viewer" },
    });
    expect(res.status).toBe(200);
    const transfer = await call(member.PATCH, {
      method: "PATCH",
      path: `/api/account/members/${dev.userId}`,
      params: { userId: dev.userId },
      bearer: adminKey,
      body: { role: "owner" },
    });
    expect(transfer.status).toBe(403);
  });

  it("only owners and admins mint admin-scoped keys", async () => {
    const owner = await makeOwner();
    const dev = await addTeamMember(owner.accountId, "developer");
    const body = { name: "team automation", scopes: ["admin"] };
    expect(
      (await call(keys.POST, { method: "POST", path: "/api/developer/keys", headers: dev.portal, body })).status,
    ).toBe(403);
    expect(
      (await call(keys.POST, { method: "POST", path: "/api/developer/keys", headers: owner.portal, body })).status,
    ).toBe(201);
    const narrow = await owner.key(["read"]);
    expect((await call(keys.POST, { method: "POST", path: "/api/developer/keys", bearer: narrow, body })).status).toBe(
      403,
    );
  });

  it("lists the accounts a person belongs to, and which one the session is in", async () => {
    const owner = await makeOwner();
    const dev = await addTeamMember(owner.accountId, "developer");
    const res = await call(memberships.GET, { path: "/api/account/memberships", headers: dev.portal });
    expect(res.status).toBe(200);
    expect(res.body.current_account_id).toBe(owner.accountId);
    expect(res.body.data.map((m: { account_id: string; role: string }) => [m.account_id, m.role])).toEqual([
      [dev.accountId, "owner"],
      [owner.accountId, "developer"],
    ]);
  });
});

describe("invitations", () => {
  it("owner invites (201, strict shape, 7 days); the list shows it; the token is stored hashed only", async () => {
    const owner = await makeOwner();
    const res = await invite(owner.portal, "Lucia.Fernandez@Example.com", "developer");
    expect(res.status).toBe(201);
    expect(res.body.email).toBe("lucia.fernandez@example.com");
    expect(res.body.role).toBe("developer");
    const days = (Date.parse(res.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(Object.keys(res.body).sort()).toEqual(["email", "expires_at", "invitation_id", "role"]);
    const listed = await call(invitations.GET, { path: "/api/account/invitations", headers: owner.portal });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ invitation_id: res.body.invitation_id, status: "pending" }),
    ]);
    const [row] = await (
      await getDb()
    )
      .select()
      .from(accountInvitations)
      .where(eq(accountInvitations.id, res.body.invitation_id));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("developers and viewers cannot invite or list; admins cannot invite an owner; members cannot be invited again", async () => {
    const owner = await makeOwner();
    const admin = await addTeamMember(owner.accountId, "admin");
    const dev = await addTeamMember(owner.accountId, "developer");
    const viewer = await addTeamMember(owner.accountId, "viewer");
    expect((await invite(dev.portal, "a@example.com", "viewer")).status).toBe(403);
    expect((await invite(viewer.portal, "a@example.com", "viewer")).status).toBe(403);
    expect((await call(invitations.GET, { path: "/api/account/invitations", headers: viewer.portal })).status).toBe(
      403,
    );
    expect((await invite(admin.portal, "a@example.com", "owner")).status).toBe(403);
    expect((await invite(admin.portal, "a@example.com", "admin")).status).toBe(201);
    const again = await invite(owner.portal, dev.email, "viewer");
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe("already_member");
  });

  it("a new person accepts with a password: user created, member with the role, can sign in; the link works once", async () => {
    const owner = await makeOwner();
    const email = "ana.souza@example.test";
    const token = await invitationToken(owner, "viewer", email);
    const missing = await acceptWith({ token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.field).toBe("password");
    const ok = await acceptWith({ token, password: "amber-canyon-lighthouse-7", name: "Ana Souza" });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email, name: "Ana Souza", created: true });
    expect(ok.body.account).toEqual({ account_id: owner.accountId, name: owner.email, role: "viewer" });
    const found = await findUserByEmail(email);
    expect(await verifyPassword(found!.user.passwordHash!, "amber-canyon-lighthouse-7")).toBe(true);
    const again = await acceptWith({ token, password: "amber-canyon-lighthouse-7" });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("gone");
    const cookie = await sessionCookie(ok.body.user.user_id);
    const roles = (await list({ cookie, ...SAME_ORIGIN })).body.data.map((m: { role: string }) => m.role);
    expect(roles).toEqual(["owner", "viewer"]);
  });

  it("an existing user is attached (no password needed) and keeps their own account", async () => {
    const owner = await makeOwner();
    const other = await makeOwner();
    const token = await invitationToken(owner, "developer", other.email.toUpperCase());
    const ok = await acceptWith({ token });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ user_id: other.userId, created: false });
    expect(ok.body.account.role).toBe("developer");
    const res = await call(memberships.GET, { path: "/api/account/memberships", headers: other.portal });
    expect(res.body.data.map((m: { account_id: string }) => m.account_id).sort()).toEqual(
      [owner.accountId, other.accountId].sort(),
    );
  });

  it("revoked, replaced, expired and unknown links: 410, 410, 410, 404", async () => {
    const owner = await makeOwner();
    const created = await invite(owner.portal, "revoked@example.test", "viewer");
    const id = created.body.invitation_id;
    // A token made the way the email's is, for the same address, replaces the first invitation.
    const first = await invitationToken(owner, "viewer", "twice@example.test");
    const second = await invitationToken(owner, "viewer", "twice@example.test");
    expect((await acceptWith({ token: first, password: "amber-canyon-lighthouse-7" })).status).toBe(410);
    expect((await acceptWith({ token: second, password: "amber-canyon-lighthouse-7" })).status).toBe(200);
    const del = await call(invitation.DELETE, {
      method: "DELETE",
      path: `/api/account/invitations/${id}`,
      params: { invitationId: id },
      headers: owner.portal,
    });
    expect(del.status).toBe(204);
    expect(
      (
        await call(invitation.DELETE, {
          method: "DELETE",
          path: `/api/account/invitations/${id}`,
          params: { invitationId: id },
          headers: owner.portal,
        })
      ).status,
    ).toBe(404);
    const expiring = await invitationToken(owner, "viewer");
    await (
      await getDb()
    )
      .update(accountInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountInvitations.tokenHash, sha256Hex(expiring)));
    const expired = await acceptWith({ token: expiring, password: "amber-canyon-lighthouse-7" });
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toMatch(/expired/);
    const unknown = await acceptWith({
      token: "inv_00000000000000000000000000000000",
      password: "amber-canyon-lighthouse-7",
    });
    expect(unknown.status).toBe(404);
  });
});

describe("audit", () => {
  it("invitation created and accepted, role changed and member removed are on the account's record", async () => {
    const owner = await makeOwner();
    await invite(owner.portal, "audited@example.test", "viewer");
    const token = await invitationToken(owner, "developer");
    const accepted = await acceptWith({ token, password: "amber-canyon-lighthouse-7" });
    const userId = accepted.body.user.user_id as string;
    await patch(owner.portal, userId, "viewer");
    await remove(owner.portal, userId);
    const rows = await (await getDb()).select().from(auditEvents).where(eq(auditEvents.accountId, owner.accountId));
    const actions = rows.map((r) => r.action).sort();
    expect(actions).toEqual(["invitation.accepted", "invitation.created", "member.removed", "member.role_changed"]);
    expect(rows.find((r) => r.action === "invitation.accepted")).toMatchObject({
      actor: `user:${userId}`,
      credential: "invitation",
      target: `user:${userId}`,
    });
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

securitySuite({
  name: "GET /api/account/members",
  handler: members.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["admin"],
  family: "api",
  target: async () => ({ path: "/api/account/members" }),
});

securitySuite({
  name: "PATCH /api/account/members/{userId}",
  handler: member.PATCH,
  method: "PATCH",
  credential: "apiKey",
  scopes: ["admin"],
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const m = await addTeamMember(owner.accountId, "developer");
    return { path: `/api/account/members/${m.userId}`, params: { userId: m.userId }, body: { role: "viewer" } };
  },
});

securitySuite({
  name: "DELETE /api/account/members/{userId}",
  handler: member.DELETE,
  method: "DELETE",
  credential: "apiKey",
  scopes: ["admin"],
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const m = await addTeamMember(owner.accountId, "developer");
    return { path: `/api/account/members/${m.userId}`, params: { userId: m.userId } };
  },
});

securitySuite({
  name: "POST /api/account/invitations",
  handler: invitations.POST,
  method: "POST",
  credential: "apiKey",
  scopes: ["admin"],
  family: "api",
  target: async () => ({ path: "/api/account/invitations", body: { email: "sec@example.test", role: "viewer" } }),
});

securitySuite({
  name: "GET /api/account/invitations",
  handler: invitations.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["admin"],
  family: "api",
  target: async () => ({ path: "/api/account/invitations" }),
});

securitySuite({
  name: "DELETE /api/account/invitations/{invitationId}",
  handler: invitation.DELETE,
  method: "DELETE",
  credential: "apiKey",
  scopes: ["admin"],
  family: "api",
  ownedResource: true,
  target: async (owner) => {
    const res = await call(invitations.POST, {
      method: "POST",
      path: "/api/account/invitations",
      bearer: await owner.key(["admin"]),
      body: { email: "sec@example.test", role: "viewer" },
    });
    const id = res.body.invitation_id as string;
    return { path: `/api/account/invitations/${id}`, params: { invitationId: id } };
  },
});

describe("security: POST /api/account/invitations/accept (the token is the credential)", () => {
  it("no token, a malformed one, or a made-up one: 400, 404, 404; one account's token never joins another", async () => {
    expect((await acceptWith({})).status).toBe(400);
    expect((await acceptWith({ token: "x".repeat(201) })).status).toBe(400);
    expect((await acceptWith({ token: "not-a-token", password: "amber-canyon-lighthouse-7" })).status).toBe(404);
    const a = await makeOwner();
    const b = await makeOwner();
    const token = await invitationToken(a, "developer");
    const ok = await acceptWith({ token, password: "amber-canyon-lighthouse-7" });
    expect(ok.body.account.account_id).toBe(a.accountId);
    expect((await list(b.portal)).body.data.map((m: { user_id: string }) => m.user_id)).toEqual([b.userId]);
  });
});

describe("security: GET /api/account/memberships", () => {
  it("401 without the session; an API key is not enough", async () => {
    const u = await makeOwner();
    expect((await call(memberships.GET, { path: "/api/account/memberships" })).status).toBe(401);
    expect(
      (await call(memberships.GET, { path: "/api/account/memberships", bearer: await u.key(["admin"]) })).status,
    ).toBe(401);
  });
});
