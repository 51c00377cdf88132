import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { call } from "@/lib/http/testing/call-route";
import { routeModule } from "@/lib/testing/route-registry";
import { endpointFor, setWebhookEnv } from "@/lib/webhooks/testing/helpers";
import { addTeamMember, makeOwner, type TeamMember } from "./testing/team-fixtures";

/**
 * The role matrix through the real routes: one account with a member of each role, each calling the
 * operations the issue names (webhook endpoints, secrets, keys, plan/environment, members).
 */
const webhooks = await routeModule("/v1/webhooks");
const webhook = await routeModule("/v1/webhooks/{webhook_id}");
const reveal = await routeModule("/v1/webhooks/{webhook_id}/secret/reveal");
const signing = await routeModule("/api/developer/watch-signing-secret");
const keys = await routeModule("/api/developer/keys");
const environment = await routeModule("/api/developer/environment");
const invitations = await routeModule("/api/account/invitations");

let t: TestDatabase;
let team: Record<"owner" | "admin" | "developer" | "viewer", TeamMember>;
beforeAll(async () => {
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" });
  t = await createTestDatabase();
  const owner = await makeOwner({ plan: "pro" });
  team = {
    owner,
    admin: await addTeamMember(owner.accountId, "admin"),
    developer: await addTeamMember(owner.accountId, "developer"),
    viewer: await addTeamMember(owner.accountId, "viewer"),
  };
});
afterAll(async () => {
  await t.close();
  setWebhookEnv({ WEBHOOK_ALLOWED_HOSTS: undefined });
});

const ROLES = ["owner", "admin", "developer", "viewer"] as const;

async function endpointId(): Promise<string> {
  return (await endpointFor(team.owner.accountId, "https://hooks.example.com/in", ["weather.change_detected"]))
    .webhook_id;
}

type Probe = (m: TeamMember) => Promise<{ status: number }>;
const probes: Record<string, { probe: Probe; allowed: ReadonlyArray<(typeof ROLES)[number]> }> = {
  "list webhook endpoints": {
    probe: (m) => call(webhooks.GET, { path: "/v1/webhooks", headers: m.portal }),
    allowed: ROLES,
  },
  "create a webhook endpoint": {
    probe: (m) =>
      call(webhooks.POST, {
        method: "POST",
        path: "/v1/webhooks",
        headers: m.portal,
        body: { url: "https://hooks.example.com/in", events: ["weather.change_detected"] },
      }),
    allowed: ["owner", "admin", "developer"],
  },
  "reveal a signing secret": {
    probe: async (m) => {
      const id = await endpointId();
      return call(reveal.POST, {
        method: "POST",
        path: `/v1/webhooks/${id}/secret/reveal`,
        params: { webhook_id: id },
        headers: m.portal,
      });
    },
    allowed: ["owner", "admin", "developer"],
  },
  "disable a webhook endpoint": {
    probe: async (m) => {
      const id = await endpointId();
      return call(webhook.DELETE, {
        method: "DELETE",
        path: `/v1/webhooks/${id}`,
        params: { webhook_id: id },
        headers: m.portal,
      });
    },
    allowed: ["owner", "admin", "developer"],
  },
  "read the watch signing secret": {
    probe: (m) => call(signing.GET, { path: "/api/developer/watch-signing-secret", headers: m.portal }),
    allowed: ["owner", "admin", "developer"],
  },
  "list API keys": { probe: (m) => call(keys.GET, { path: "/api/developer/keys", headers: m.portal }), allowed: ROLES },
  "create an API key": {
    probe: (m) =>
      call(keys.POST, {
        method: "POST",
        path: "/api/developer/keys",
        headers: m.portal,
        body: { name: "ci", scopes: ["weather:read"] },
      }),
    allowed: ["owner", "admin", "developer"],
  },
  "switch the account's environment": {
    probe: (m) =>
      call(environment.POST, {
        method: "POST",
        path: "/api/developer/environment",
        headers: m.portal,
        body: { environment: "production" },
      }),
    allowed: ["owner", "admin"],
  },
  "list invitations": {
    probe: (m) => call(invitations.GET, { path: "/api/account/invitations", headers: m.portal }),
    allowed: ["owner", "admin"],
  },
};

describe("role matrix (portal session)", () => {
  for (const [what, { probe, allowed }] of Object.entries(probes)) {
    for (const role of ROLES) {
      const ok = allowed.includes(role);
      it(`${role} ${ok ? "may" : "may not"} ${what}`, async () => {
        const res = await probe(team[role]);
        if (ok) expect(res.status).toBeLessThan(300);
        else {
          expect(res.status).toBe(403);
          expect((res as { body?: any }).body?.error?.code).toBe("forbidden");
        }
      });
    }
  }

  it("a viewer sees the endpoint a developer created, with no secret in it", async () => {
    const created = await probes["create a webhook endpoint"].probe(team.developer);
    expect(created.status).toBe(201);
    const listed = await call(webhooks.GET, { path: "/v1/webhooks", headers: team.viewer.portal });
    expect(JSON.stringify(listed.body)).toContain("hooks.example.com");
    // Only the public prefix (whsec_ and 4 characters) is listed, never the secret.
    expect(JSON.stringify(listed.body)).not.toMatch(/whsec_[0-9A-Za-z+/=]{10,}/);
  });
});
