import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { auditEvents } from "@/drizzle/schema";
import { authSecret } from "@/lib/auth/auth-secret";
import { getDb } from "@/lib/db/client";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { makeUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { securitySuite } from "@/lib/testing/security-suite";
import { commands } from "@/scripts/admin/commands";
import { pruneAuditEvents } from "./prune-audit-events";

const audit = await routeModule("/v1/audit-events");
const keys = await routeModule("/api/developer/keys");
const oneKey = await routeModule("/api/developer/keys/{keyId}");
const webhooks = await routeModule("/v1/webhooks");
const oneWebhook = await routeModule("/v1/webhooks/{webhook_id}");
const reveal = await routeModule("/v1/webhooks/{webhook_id}/secret/reveal");
const rotate = await routeModule("/v1/webhooks/{webhook_id}/secret/rotate");

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t.close());

const path = "/v1/audit-events";
const list = (bearer: string, query = "") => call(audit.GET, { path: `${path}${query}`, bearer });

securitySuite({
  name: "GET /v1/audit-events",
  handler: audit.GET,
  method: "GET",
  credential: "apiKey",
  scopes: ["admin"],
  wrongScope: "read",
  target: async () => ({ path }),
});

describe("the audit log records each change with who, how, where and which request", () => {
  it("keys and webhook endpoints: created, updated, secret revealed and rotated, disabled, revoked; never a secret", async () => {
    const u = await makeUser();
    const admin = await u.key(["admin"]);
    const cookie = `next-auth.session-token=${await encode({ token: { sub: u.userId }, secret: authSecret() })}`;
    const portal = {
      cookie,
      host: "localhost",
      origin: "http://localhost",
      "x-forwarded-for": "203.0.113.7, 10.0.0.1",
    };

    const made = await call(keys.POST, {
      method: "POST",
      path: "/api/developer/keys",
      headers: portal,
      body: { name: "ops", scopes: ["weather:webhooks"] },
    });
    expect(made.status).toBe(201);
    const hooksKey = made.body.key as string;
    const ep = await call(webhooks.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: hooksKey,
      body: { url: "https://hooks.example.com/audit", events: ["weather.change_detected"] },
    });
    expect(ep.status).toBe(201);
    const id = ep.body.data.webhook_id as string;
    const at = (suffix = "") => ({ path: `/v1/webhooks/${id}${suffix}`, params: { webhook_id: id }, bearer: hooksKey });
    expect(
      (await call(oneWebhook.PATCH, { method: "PATCH", ...at(), body: { description: "Lisbon on-call" } })).status,
    ).toBe(200);
    const revealed = await call(reveal.POST, { method: "POST", ...at("/secret/reveal") });
    const rotated = await call(rotate.POST, {
      method: "POST",
      ...at("/secret/rotate"),
      body: { grace_period_hours: 2 },
    });
    expect((await call(oneWebhook.DELETE, { method: "DELETE", ...at() })).status).toBe(200);
    const revoked = await call(oneKey.DELETE, {
      method: "DELETE",
      path: `/api/developer/keys/${made.body.id}`,
      params: { keyId: String(made.body.id) },
      headers: portal,
    });
    expect(revoked.status).toBe(204);

    const res = await list(admin);
    expect(res.status).toBe(200);
    expect(res.body.meta.billing_units).toBe(0);
    const events = res.body.data.audit_events as Array<Record<string, any>>;
    expect(events.map((e) => e.action)).toEqual([
      "api_key.revoked",
      "webhook_endpoint.disabled",
      "webhook_secret.rotated",
      "webhook_secret.revealed",
      "webhook_endpoint.updated",
      "webhook_endpoint.created",
      "api_key.created",
    ]);
    const byAction = Object.fromEntries(events.map((e) => [e.action, e]));
    expect(byAction["api_key.created"]).toMatchObject({
      actor: `user:${u.userId}`,
      actor_label: u.email,
      credential: "session",
      ip: "203.0.113.7",
      target: `api_key:${made.body.id}`,
      request_id: made.headers.get("x-request-id"),
      summary: { name: "ops", scopes: ["weather:webhooks"] },
    });
    expect(byAction["webhook_endpoint.created"]).toMatchObject({
      actor: `api_key:${made.body.id}`,
      actor_label: "ops",
      credential: `api_key:${made.body.id}`,
      ip: null,
      target: `webhook_endpoint:${id}`,
    });
    expect(byAction["webhook_endpoint.updated"].summary).toMatchObject({
      changed: ["description"],
      description: "Lisbon on-call",
    });
    expect(byAction["webhook_secret.revealed"].request_id).toBe(revealed.headers.get("x-request-id"));
    expect(byAction["webhook_secret.rotated"].summary).toMatchObject({ grace_period_hours: 2 });
    const stored = JSON.stringify(res.body);
    for (const secret of [hooksKey, revealed.body.data.secret, rotated.body.data.secret, ep.body.data.secret])
      expect(stored).not.toContain(secret);
  });

  it("a refused or failed change records nothing", async () => {
    const u = await makeUser();
    const admin = await u.key(["admin"]);
    const k = await u.key(["weather:webhooks"]);
    const bad = await call(webhooks.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: k,
      body: { url: "http://127.0.0.1/x", events: ["weather.change_detected"] },
    });
    expect(bad.status).toBe(400);
    const missing = "7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11";
    const gone = await call(reveal.POST, {
      method: "POST",
      path: `/v1/webhooks/${missing}/secret/reveal`,
      params: { webhook_id: missing },
      bearer: k,
    });
    expect(gone.status).toBe(404);
    expect((await list(admin)).body.data.audit_events).toEqual([]);
  });

  it("an Idempotency-Key replay is one change and one record", async () => {
    const u = await makeUser();
    const admin = await u.key(["admin"]);
    const k = await u.key(["weather:webhooks"]);
    const send = () =>
      call(webhooks.POST, {
        method: "POST",
        path: "/v1/webhooks",
        bearer: k,
        headers: { "idempotency-key": "audit-once" },
        body: { url: "https://hooks.example.com/once", events: ["weather.change_detected"] },
      });
    const first = await send();
    const again = await send();
    expect(again.body.data.webhook_id).toBe(first.body.data.webhook_id);
    expect((await list(admin, "?action=webhook_endpoint.created")).body.data.audit_events).toHaveLength(1);
  });

  it("another account's records are never listed", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const ka = await a.key(["weather:webhooks"]);
    await call(webhooks.POST, {
      method: "POST",
      path: "/v1/webhooks",
      bearer: ka,
      body: { url: "https://hooks.example.com/a", events: ["weather.change_detected"] },
    });
    expect((await list(await a.key(["admin"]))).body.data.audit_events).toHaveLength(1);
    expect((await list(await b.key(["admin"]))).body.data.audit_events).toEqual([]);
  });
});

describe("filters and paging", () => {
  it("actor, action (exact and resource prefix), target and since; a cursor walks every record once", async () => {
    const u = await makeUser();
    const admin = await u.key(["admin"]);
    const k = await u.key(["weather:webhooks"]);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call(webhooks.POST, {
        method: "POST",
        path: "/v1/webhooks",
        bearer: k,
        body: { url: `https://hooks.example.com/p${i}`, events: ["weather.change_detected"] },
      });
      ids.push(r.body.data.webhook_id);
    }
    await call(reveal.POST, {
      method: "POST",
      path: `/v1/webhooks/${ids[0]}/secret/reveal`,
      params: { webhook_id: ids[0] },
      bearer: k,
    });

    expect((await list(admin, "?action=webhook_secret.revealed")).body.data.audit_events).toHaveLength(1);
    expect((await list(admin, "?action=webhook_endpoint.")).body.data.audit_events).toHaveLength(5);
    expect((await list(admin, "?action=webhook_")).body.data.audit_events).toHaveLength(0); // a prefix must end in a dot
    const onFirst = (await list(admin, `?target=webhook_endpoint:${ids[0]}`)).body.data.audit_events;
    expect(onFirst.map((e: { action: string }) => e.action)).toEqual([
      "webhook_secret.revealed",
      "webhook_endpoint.created",
    ]);
    const actor = onFirst[0].actor as string;
    expect((await list(admin, `?actor=${actor}`)).body.data.audit_events).toHaveLength(6);
    expect((await list(admin, `?actor=user:${u.userId}`)).body.data.audit_events).toHaveLength(0);
    expect((await list(admin, "?since=2999-01-01T00:00:00Z")).body.data.audit_events).toHaveLength(0);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list(admin, `?limit=2${cursor ? `&cursor=${cursor}` : ""}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.audit_events.map((e: { audit_event_id: string }) => e.audit_event_id));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(6);
    expect(new Set(seen).size).toBe(6);
  });

  it("bad filters are 400 in the envelope", async () => {
    const admin = await (await makeUser()).key(["admin"]);
    for (const q of ["?since=yesterday", "?limit=0", "?cursor=nope", "?action=drop%20table", "?unknown=1"]) {
      const r = await list(admin, q);
      expect(r.status, q).toBe(400);
      expect(r.body.error.code).toBe("bad_request");
    }
  });
});

describe("append-only, retention, the admin CLI", () => {
  it("no row can be changed; a row younger than 365 days cannot be deleted; the retention job removes older ones", async () => {
    const u = await makeUser();
    const db = await getDb();
    const [young] = await db
      .insert(auditEvents)
      .values({
        accountId: u.accountId,
        action: "test.young",
        actor: "cli:test",
        credential: "cli",
        target: "account:x",
        requestId: "r1",
      })
      .returning();
    const [old] = await db
      .insert(auditEvents)
      .values({
        accountId: u.accountId,
        action: "test.old",
        actor: "cli:test",
        credential: "cli",
        target: "account:x",
        requestId: "r2",
        createdAt: new Date(Date.now() - 366 * 86_400_000),
      })
      .returning();
    await expect(
      db.update(auditEvents).set({ action: "test.changed" }).where(eq(auditEvents.id, young.id)),
    ).rejects.toThrow();
    await expect(db.delete(auditEvents).where(eq(auditEvents.id, young.id))).rejects.toThrow();
    expect(await pruneAuditEvents()).toBeGreaterThanOrEqual(1);
    const left = (await db.select().from(auditEvents).where(eq(auditEvents.accountId, u.accountId))).map((r) => r.id);
    expect(left).toEqual([young.id]);
    expect(left).not.toContain(old.id);
  });

  it("an admin CLI change is on the account's record, as the CLI actor", async () => {
    const u = await makeUser();
    await commands["set-plan"].run({ email: u.email, plan: "starter" });
    const res = await list(await u.key(["admin"]), "?action=plan.changed");
    expect(res.body.data.audit_events).toEqual([
      expect.objectContaining({
        action: "plan.changed",
        actor: expect.stringMatching(/^cli:.+/),
        credential: "cli",
        ip: null,
        target: `account:${u.accountId}`,
        summary: expect.objectContaining({ plan: "starter" }),
      }),
    ]);
    expect(res.body.data.audit_events[0].request_id).toMatch(/^cli-[0-9a-f-]{36}$/);
    expect(res.body.data.audit_events[0].actor_label).toBe(res.body.data.audit_events[0].actor.slice("cli:".length));
  });

  it("actor_label is null for a user or key that no longer exists, and a malformed actor does not fail the page", async () => {
    const u = await makeUser();
    const db = await getDb();
    await db.insert(auditEvents).values([
      {
        accountId: u.accountId,
        action: "test.gone_user",
        actor: "user:7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11",
        credential: "session",
        target: "account:x",
        requestId: "g1",
      },
      {
        accountId: u.accountId,
        action: "test.gone_key",
        actor: "api_key:99999999",
        credential: "api_key:99999999",
        target: "account:x",
        requestId: "g2",
      },
      {
        accountId: u.accountId,
        action: "test.odd",
        actor: "user:not-a-uuid",
        credential: "session",
        target: "account:x",
        requestId: "g3",
      },
    ]);
    const res = await list(await u.key(["admin"]), "?action=test.");
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(res.body.data.audit_events.map((e: Record<string, unknown>) => [e.action, e.actor_label])),
    ).toEqual({
      "test.gone_user": null,
      "test.gone_key": null,
      "test.odd": null,
    });
  });
});
