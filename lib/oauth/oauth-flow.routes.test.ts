import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { encode } from "next-auth/jwt";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, oauthClients, oauthGrants } from "@/drizzle/schema";
import { authSecret } from "@/lib/auth/auth-secret";
import { getDb } from "@/lib/db/client";
import type { AppHttpServer } from "@/lib/testing/app-http-server";
import type { TestUser } from "@/lib/testing/fixtures";
import type { Receiver } from "@/lib/webhooks/testing/https-receiver";
import { submitConsent } from "./testing/consent-form";
import { startOAuthWorld, type OAuthWorld } from "./testing/oauth-world";
import { TestProvider } from "./testing/test-provider";

/**
 * Issue 41 acceptance over real HTTP: the official SDK client with an OAuth client provider connects
 * by URL alone (protected-resource then authorization-server metadata, a client ID metadata document
 * on an allow-listed loopback HTTPS host, and dynamic registration), the consent form is submitted
 * as the signed-in user's browser would (one trip, Propose changes), PKCE token exchange, then the
 * grant's limits, step-up 403, refresh, revocation and the REST audience refusal.
 */
let w: OAuthWorld;
let app: AppHttpServer;
let cimd: Receiver;
let user: TestUser;
let cookie: string;
let tripId: number;
let otherTripId: number;

beforeAll(async () => {
  w = await startOAuthWorld();
  ({ app, cimd, user, tripId, otherTripId } = w);
  cookie = `next-auth.session-token=${await encode({ token: { sub: user.userId, sv: 0 }, secret: authSecret() })}`;
});
afterAll(async () => w?.close());

async function connectByUrl(provider: TestProvider): Promise<Client> {
  const url = new URL(`${app.url}/api/mcp`);
  const first = new StreamableHTTPClientTransport(url, { authProvider: provider });
  await expect(new Client({ name: "t", version: "1" }).connect(first)).rejects.toThrow(/Unauthorized/i);
  expect(provider.authUrl).toBeDefined();
  const back = await submitConsent(provider.authUrl!, {
    cookie,
    origin: app.url,
    trips: [tripId],
    level: "propose",
    checkPage: (html) => {
      expect(html).toContain("Lisbon long weekend");
      expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
    },
  });
  expect(back.searchParams.get("iss")).toBe(app.url);
  await first.finishAuth(back.searchParams.get("code")!);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
  return client;
}

describe("connect by URL with OAuth", () => {
  it("the metadata documents name each other", async () => {
    const prm = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(prm.authorization_servers).toEqual([app.url]);
    expect(prm.resource).toBe(`${app.url}/api/mcp`);
    const as = await (await fetch(`${app.url}/.well-known/oauth-authorization-server`)).json();
    expect(as).toMatchObject({
      issuer: app.url,
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
    });
    const challenge = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get("www-authenticate")).toMatch(/scope="trips:read trips:propose weather"/);
  });

  it("a client ID metadata document on an allow-listed loopback host: consent, limits, step-up, refresh, revocation", async () => {
    const redirect = "http://127.0.0.1:53682/callback";
    const docUrl = cimd.url("/agent/client.json");
    cimd.respond(() => ({
      status: 200,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        client_id: docUrl,
        client_name: "Metadata Agent",
        client_uri: "https://agent.example",
        redirect_uris: ["http://127.0.0.1/callback"],
        token_endpoint_auth_method: "none",
      }),
    }));
    const provider = new TestProvider(redirect, docUrl);
    const client = await connectByUrl(provider);
    expect(provider.info?.client_id).toBe(docUrl);
    const names = (await client.listTools()).tools.map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(["list_trips", "get_itinerary", "create_proposal"]));
    expect(names).not.toContain("get_forecast");

    const other = await client.callTool({ name: "get_itinerary", arguments: { trip_id: otherTripId } });
    expect(other.isError).toBe(true);
    expect(JSON.parse((other.content as Array<{ text: string }>)[0].text).error.status).toBe(404);
    const own = await client.callTool({ name: "get_itinerary", arguments: { trip_id: tripId } });
    expect(own.isError).toBeFalsy();

    const apply = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "apply_trip_operation", arguments: { trip_id: tripId } },
      }),
    });
    expect(apply.status).toBe(403);
    expect(apply.headers.get("www-authenticate")).toMatch(
      /error="insufficient_scope", scope="trips:read trips:propose trips:write"/,
    );

    // A token for /api/mcp is refused by the REST API (audience).
    const rest = await fetch(`${app.url}/v1/trips/${tripId}/itinerary`, {
      headers: { authorization: `Bearer ${provider.saved!.access_token}` },
    });
    expect(rest.status).toBe(401);

    // Refresh rotates; the spent refresh token used again revokes the grant.
    const refresh = (rt: string) =>
      fetch(`${app.url}/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: rt, client_id: docUrl }),
      });
    const first = provider.saved!.refresh_token!;
    const r1 = await refresh(first);
    expect(r1.status).toBe(200);
    const fresh = await r1.json();
    expect(fresh.expires_in).toBeLessThanOrEqual(3600);
    const call = (token: string) =>
      fetch(`${app.url}/api/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      });
    expect((await call(fresh.access_token)).status).toBe(200);
    const reuse = await refresh(first);
    expect(reuse.status).toBe(400);
    expect((await reuse.json()).error).toBe("invalid_grant");
    expect((await call(fresh.access_token)).status).toBe(401);
    const db = await getDb();
    const [grant] = await db.select().from(oauthGrants).where(eq(oauthGrants.clientId, docUrl));
    expect(grant.revokedAt).not.toBeNull();
    expect(grant.tripIds).toEqual([tripId]);
    expect(grant.level).toBe("propose");
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, user.accountId), eq(auditEvents.action, "oauth_grant.created")));
    expect(audit.length).toBeGreaterThan(0);
  });

  it("dynamic registration, revocation by refresh token revokes its access tokens", async () => {
    const provider = new TestProvider("http://127.0.0.1:40001/cb");
    const client = await connectByUrl(provider);
    expect(provider.info?.client_id).toMatch(/^dyn_/);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    const revoke = await fetch(`${app.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: provider.saved!.refresh_token!, client_id: provider.info!.client_id }),
    });
    expect(revoke.status).toBe(200);
    await expect(client.listTools()).rejects.toThrow();
  });

  it("consent once per client: a second authorization for what the live grant covers skips the page", async () => {
    const provider = new TestProvider("http://127.0.0.1:40002/cb");
    const client = await connectByUrl(provider);
    await client.close();
    const clientId = provider.info!.client_id;
    const ask = (extra: Record<string, string>) =>
      fetch(
        `${app.url}/oauth/authorize?${new URLSearchParams({
          response_type: "code",
          client_id: clientId,
          redirect_uri: provider.redirect,
          code_challenge: "b".repeat(43),
          code_challenge_method: "S256",
          resource: `${app.url}/api/mcp`,
          state: "again",
          ...extra,
        })}`,
        { headers: { cookie }, redirect: "manual" },
      );
    const again = await ask({ scope: "trips:read trips:propose" });
    expect(again.status).toBe(302);
    const back = new URL(again.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(provider.redirect);
    expect(back.searchParams.get("code")).toMatch(/^sac_/);
    expect(back.searchParams.get("state")).toBe("again");
    const grants = await (await getDb()).select().from(oauthGrants).where(eq(oauthGrants.clientId, clientId));
    expect(grants.map((g) => g.level)).toEqual(["propose"]);
    // More than the grant (the step-up), or prompt=consent: the page again.
    expect((await ask({ scope: "trips:read trips:propose trips:write" })).status).toBe(200);
    expect((await ask({ prompt: "consent" })).status).toBe(200);
    // Once revoked, the next authorization asks again.
    await fetch(`${app.url}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: provider.saved!.refresh_token!, client_id: clientId }),
    });
    expect((await ask({})).status).toBe(200);
  });
});

describe("bad input gets RFC errors, never a 5xx, nothing stored half-way", () => {
  it("a foreign redirect URI gets a 4xx page; a missing PKCE challenge invalid_request at the client", async () => {
    const reg = await (
      await fetch(`${app.url}/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: ["https://good.example/cb"], client_name: "X" }),
      })
    ).json();
    const base = {
      response_type: "code",
      client_id: reg.client_id,
      code_challenge: "a".repeat(43),
      code_challenge_method: "S256",
      state: "s1",
    };
    const foreign = await fetch(
      `${app.url}/oauth/authorize?${new URLSearchParams({ ...base, redirect_uri: "https://evil.example/cb" })}`,
      { headers: { cookie }, redirect: "manual" },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get("location")).toBeNull();
    const noPkce = await fetch(
      `${app.url}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: reg.client_id, redirect_uri: "https://good.example/cb", state: "s2" })}`,
      { redirect: "manual" },
    );
    expect(noPkce.status).toBe(302);
    const loc = new URL(noPkce.headers.get("location")!);
    expect(loc.origin).toBe("https://good.example");
    expect(loc.searchParams.get("error")).toBe("invalid_request");
    expect(loc.searchParams.get("state")).toBe("s2");
  });

  it("malformed token and registration requests, hostile metadata documents", async () => {
    const post = (path: string, body: string, type = "application/x-www-form-urlencoded") =>
      fetch(`${app.url}${path}`, { method: "POST", headers: { "content-type": type }, body });
    for (const [path, body, type] of [
      ["/oauth/token", "grant_type=authorization_code&code=x&code_verifier=y", undefined],
      ["/oauth/token", "grant_type=password&client_id=nope", undefined],
      ["/oauth/token", "%%%", undefined],
      ["/oauth/token", "{}", "application/json"],
      ["/oauth/register", "not json", "application/json"],
      ["/oauth/register", JSON.stringify({ redirect_uris: ["javascript:alert(1)"] }), "application/json"],
      ["/oauth/register", JSON.stringify({ redirect_uris: ["http://evil.example/cb"] }), "application/json"],
      ["/oauth/revoke", "token=x", undefined],
    ] as Array<[string, string, string | undefined]>) {
      const res = await post(path, body, type);
      expect(res.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${path} ${body}`).toBeLessThan(500);
      expect(typeof (await res.json()).error).toBe("string");
    }
    const db = await getDb();
    const before = (await db.select().from(oauthClients)).length;
    const docUrl = cimd.url("/hostile/client.json");
    for (const body of [
      "x".repeat(20_000),
      JSON.stringify({ client_id: "https://other.example/c.json", redirect_uris: ["https://a.example/cb"] }),
      "[]",
      JSON.stringify({ client_id: docUrl, redirect_uris: ["https://a.example/cb"], client_secret: "s" }),
    ]) {
      cimd.respond(() => ({ status: 200, headers: { "content-type": "application/json" }, body }));
      const res = await fetch(
        `${app.url}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: docUrl, redirect_uri: "https://a.example/cb", code_challenge: "a".repeat(43), code_challenge_method: "S256" })}`,
        { redirect: "manual" },
      );
      expect(res.status).toBe(400);
    }
    expect((await db.select().from(oauthClients)).length).toBe(before);
  });
});

describe("connected agents", () => {
  it("lists the user's grants and revoking one stops its tokens and is audited", async () => {
    const { listConnectedAgents, revokeConnectedAgent } = await import("./connected-agents");
    const provider = new TestProvider("http://127.0.0.1:40002/cb");
    const client = await connectByUrl(provider);
    const agents = await listConnectedAgents(user.userId);
    const mine = agents.find((a) => a.clientName === "Test Agent")!;
    expect(mine).toMatchObject({ level: "Propose changes", trips: [{ trip_id: tripId, name: "Lisbon long weekend" }] });
    expect(await revokeConnectedAgent(user, mine.grantId)).toBe(true);
    await expect(client.listTools()).rejects.toThrow();
    const db = await getDb();
    const audit = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, user.accountId), eq(auditEvents.action, "oauth_grant.revoked")));
    expect(audit.map((e) => e.target)).toContain(`oauth_grant:${mine.grantId}`);
  });
});
