import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { API_KEY_SCOPES } from "@/lib/auth/scopes";
import { seedCounters } from "@/lib/billing/testing/seed-counters";
import { queryRows } from "@/lib/db/sql";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing/test-db";
import { flushRequestLog } from "@/lib/requests/request-log";
import { startAppHttpServer, type AppHttpServer } from "@/lib/testing/app-http-server";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { routeModule } from "@/lib/testing/route-registry";
import { createTrip } from "@/lib/trips/manage-trips";
import { sampleEvent, sampleProposal } from "@/lib/trips/testing/trip-fixture";

/**
 * The MCP server over real HTTP, driven by the SDK's own Client and StreamableHTTPClientTransport:
 * what each credential lists, every tool once valid and once invalid (a tool error with our code,
 * never a 5xx), outputs against the REST operation's own schema, agent token limits, and the log.
 */
let t: TestDatabase;
let app: AppHttpServer;
let user: TestUser;
let allKey: string;
let readKey: string;
let fullToken: string;
let tripId: number;
let otherTripId: number;

const ops = await routeModule("/v1/trips/{tripId}/ops");
const proposalRoute = await routeModule("/v1/trips/{tripId}/proposals/{proposalId}");
const restRoutes = {
  get_current_weather: (await routeModule("/v1/weather/current")).GET,
  get_forecast: (await routeModule("/v1/weather/forecast")).GET,
  analyse_timeline: (await routeModule("/v1/weather/timeline")).POST,
  analyse_route: (await routeModule("/v1/weather/route")).POST,
  list_trips: (await routeModule("/v1/trips")).GET,
  get_itinerary: (await routeModule("/v1/trips/{tripId}/itinerary")).GET,
  get_trip_weather: (await routeModule("/v1/trips/{tripId}/weather")).GET,
  get_trip_changes: ops.GET,
  list_proposals: (await routeModule("/v1/trips/{tripId}/proposals")).GET,
  create_proposal: (await routeModule("/v1/trips/{tripId}/proposals")).POST,
  get_proposal: proposalRoute.GET,
  apply_trip_operation: ops.POST,
  resolve_proposal: proposalRoute.POST,
};
type ToolName = keyof typeof restRoutes;
const WEATHER_TOOLS = ["get_current_weather", "get_forecast", "analyse_timeline", "analyse_route"];
const TRIP_TOOLS = [
  "list_trips",
  "get_itinerary",
  "get_trip_weather",
  "get_trip_changes",
  "list_proposals",
  "get_proposal",
  "create_proposal",
  "apply_trip_operation",
  "resolve_proposal",
];

beforeAll(async () => {
  t = await createTestDatabase();
  app = await startAppHttpServer();
  user = await makeUser({ plan: "pro" });
  allKey = await user.key([...API_KEY_SCOPES]);
  readKey = await user.key(["weather:read"]);
  fullToken = await user.token();
  tripId = (
    await createTrip(user.userId, {
      name: "Lisbon long weekend",
      time_zone: "Europe/Lisbon",
      start_date: "2027-05-04",
      end_date: "2027-05-07",
    })
  ).trip_id;
  otherTripId = (await createTrip(user.userId, { name: "Porto", time_zone: "Europe/Lisbon" })).trip_id;
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: "skycast-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), { requestInit: { headers } }));
  return client;
}
const bearer = (credential: string, apiKey?: string) => ({
  authorization: `Bearer ${credential}`,
  ...(apiKey ? { "x-api-key": apiKey } : {}),
});

async function toolNames(headers: Record<string, string>) {
  const client = await connect(headers);
  const { tools } = await client.listTools();
  await client.close();
  return tools.map((x) => x.name).sort();
}

function errorOf(result: CallToolResult): { code: string; message: string; status: number; [k: string]: unknown } {
  expect(result.isError).toBe(true);
  const block = result.content[0];
  expect(block.type).toBe("text");
  return JSON.parse((block as { text: string }).text).error;
}

/** The structured content is exactly what the REST operation's success schema accepts. */
function expectRestShape(name: ToolName, result: CallToolResult) {
  expect(result.isError ?? false).toBe(false);
  const responses = restRoutes[name].contract.responses as Record<number, { schema?: z.ZodType }>;
  const schema = Object.entries(responses).find(([s, r]) => s.startsWith("2") && r.schema)![1].schema!;
  const parsed = schema.safeParse(result.structuredContent);
  expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
  expect((result.content[0] as { text: string }).text.length).toBeGreaterThan(0);
}

describe("authorization (RFC 9728)", () => {
  it("a request without a credential is 401 naming the protected-resource metadata, which is served", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    const challenge = res.headers.get("www-authenticate")!;
    expect(challenge).toBe(
      `Bearer resource_metadata="${app.url}/.well-known/oauth-protected-resource", scope="trips:read trips:propose weather"`,
    );
    expect((await res.json()).error.code).toBe("unauthorized");
    const meta = await (await fetch(`${app.url}/.well-known/oauth-protected-resource`)).json();
    expect(meta).toMatchObject({
      resource: `${app.url}/api/mcp`,
      authorization_servers: [app.url],
      bearer_methods_supported: ["header"],
    });
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(["trips:read", "trips:propose", "trips:write", "weather"]),
    );
    const pathInserted = await (await fetch(`${app.url}/.well-known/oauth-protected-resource/api/mcp`)).json();
    expect(pathInserted).toEqual(meta);
  });

  it("an invalid credential is 401 with error=invalid_token; the SDK client surfaces it on connect", async () => {
    const res = await fetch(`${app.url}/api/mcp`, {
      method: "POST",
      headers: {
        authorization: "Bearer sat_not-a-token",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
    await expect(connect(bearer("svc_wrong"))).rejects.toThrow();
  });

  it("GET and DELETE are 405 (stateless: no standalone stream, no session)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${app.url}/api/mcp`, { method, headers: bearer(allKey) });
      expect(res.status).toBe(405);
    }
  });
});

describe("tools/list shows what the credential may call", () => {
  it("per credential: API key by scope, access token by trip scope, both together", async () => {
    expect(await toolNames(bearer(allKey))).toEqual([...WEATHER_TOOLS].sort());
    expect(await toolNames(bearer(readKey))).toEqual(["get_current_weather", "get_forecast"]);
    expect(await toolNames(bearer(fullToken))).toEqual([...TRIP_TOOLS].sort());
    expect(await toolNames(bearer(fullToken, allKey))).toEqual([...WEATHER_TOOLS, ...TRIP_TOOLS].sort());
    const proposeOnly = (
      await createAccessToken(user.userId, { name: "agent", scopes: ["trips:read", "trips:propose"] })
    ).token;
    expect(await toolNames(bearer(proposeOnly))).toEqual(
      TRIP_TOOLS.filter((n) => n !== "apply_trip_operation" && n !== "resolve_proposal").sort(),
    );
    const readOnly = (await createAccessToken(user.userId, { name: "reader", scopes: ["trips:read"] })).token;
    expect(await toolNames(bearer(readOnly))).toEqual([
      "get_itinerary",
      "get_proposal",
      "get_trip_changes",
      "get_trip_weather",
      "list_proposals",
      "list_trips",
    ]);
  });

  it("annotations, input schemas from the contract (ids in snake_case) and output schemas", async () => {
    const client = await connect(bearer(fullToken, allKey));
    const { tools } = await client.listTools();
    await client.close();
    const byName = Object.fromEntries(tools.map((x) => [x.name, x]));
    for (const name of [
      ...WEATHER_TOOLS,
      "list_trips",
      "get_itinerary",
      "get_trip_weather",
      "get_trip_changes",
      "list_proposals",
      "get_proposal",
    ]) {
      expect(byName[name].annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true });
    }
    expect(byName.apply_trip_operation.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.create_proposal.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get_current_weather.inputSchema.required).toEqual(expect.arrayContaining(["lat", "lng"]));
    expect(Object.keys(byName.get_current_weather.inputSchema.properties!)).toEqual(
      expect.arrayContaining(["lat", "lng", "units", "language", "activity_type"]),
    );
    expect(byName.get_trip_changes.inputSchema.required).toEqual(expect.arrayContaining(["trip_id", "since_revision"]));
    expect(byName.apply_trip_operation.inputSchema.required).toEqual(["trip_id"]);
    expect(JSON.stringify(byName.apply_trip_operation.inputSchema)).toContain("base_revision");
    expect(Object.keys(byName.create_proposal.inputSchema.properties!)).toEqual(
      expect.arrayContaining(["trip_id", "actor_agent_id", "entities", "options"]),
    );
    // resolve_proposal answers one of two shapes (accepted | rejected): a union has no object output schema.
    for (const x of tools) expect(x.outputSchema?.type).toBe(x.name === "resolve_proposal" ? undefined : "object");
  });
});

describe("every tool, once valid and once invalid", () => {
  let client: Client;
  /** Proposals for get_proposal and resolve_proposal (rejected by its valid call). */
  let toRead = "";
  let toResolve = "";
  beforeAll(async () => {
    client = await connect(bearer(fullToken, allKey));
    const propose = async () =>
      (
        (await client.callTool({
          name: "create_proposal",
          arguments: { trip_id: tripId, ...sampleProposal("mcp-agent") },
        })) as CallToolResult
      ).structuredContent as { proposal_id: string };
    toRead = (await propose()).proposal_id;
    toResolve = (await propose()).proposal_id;
  });
  afterAll(async () => client?.close());
  const callTool = (name: string, args: Record<string, unknown>) =>
    client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

  const at = (h: number) => `2027-05-0${5 + Math.floor(h / 24)}T${String(h % 24).padStart(2, "0")}:00:00+01:00`;
  const valid: Record<ToolName, () => Record<string, unknown>> = {
    get_current_weather: () => ({ lat: 38.7223, lng: -9.1393, units: "metric", activity_type: "hiking" }),
    get_forecast: () => ({ lat: 38.7223, lng: -9.1393, days: 3, granularity: "daily" }),
    analyse_timeline: () => ({
      items: [{ id: "hike", lat: 38.79, lng: -9.39, start: at(9), end: at(13), activity_type: "hiking" }],
    }),
    analyse_route: () => ({
      origin: { lat: 38.7223, lng: -9.1393 },
      destination: { lat: 38.8029, lng: -9.3817 },
      transport_mode: "car",
      start_time: at(9),
    }),
    list_trips: () => ({}),
    get_itinerary: () => ({ trip_id: tripId }),
    get_trip_weather: () => ({ trip_id: tripId, units: "metric", language: "en" }),
    get_trip_changes: () => ({ trip_id: tripId, since_revision: 0 }),
    list_proposals: () => ({ trip_id: tripId, status: "pending" }),
    create_proposal: () => ({ trip_id: tripId, ...sampleProposal("mcp-agent") }),
    get_proposal: () => ({ trip_id: tripId, proposal_id: toRead }),
    resolve_proposal: () => ({ trip_id: tripId, proposal_id: toResolve, action: "reject", reason: "Not this time" }),
    apply_trip_operation: () => ({
      trip_id: tripId,
      base_revision: 0,
      type: "add_event",
      payload: sampleEvent(1),
      op_id: "mcp-valid-1",
    }),
  };
  // Entries are built when the suite is collected, before beforeAll: a thunk reads tripId at call time.
  // Thunks where an argument needs the trip made in beforeAll: read when the test runs, not when it is collected.
  const invalid: Record<ToolName, [Record<string, unknown> | (() => Record<string, unknown>), string]> = {
    get_current_weather: [{ lat: 123, lng: -9.1 }, "bad_request"],
    get_forecast: [{ lat: 38.7, lng: -9.1, days: "a week" }, "bad_request"],
    analyse_timeline: [{ items: [{ id: "x", lat: 38.7, lng: -9.1, start: "tomorrow" }] }, "timeline_item_invalid"],
    analyse_route: [{ origin: { lat: 38.7 }, transport_mode: "teleport" }, "route_invalid"],
    list_trips: [{ unexpected: true }, "invalid_params"],
    get_itinerary: [{ trip_id: 2147483647 }, "not_found"],
    get_trip_weather: [() => ({ trip_id: tripId, units: "kelvin" }), "bad_request"],
    get_trip_changes: [() => ({ trip_id: tripId, since_revision: -1 }), "bad_request"],
    list_proposals: [() => ({ trip_id: tripId, status: "maybe" }), "bad_request"],
    create_proposal: [() => ({ trip_id: tripId, actor_agent_id: "x", entities: "none" }), "bad_request"],
    apply_trip_operation: [() => ({ trip_id: tripId, type: "add_event", payload: {} }), "bad_request"],
    get_proposal: [() => ({ trip_id: tripId, proposal_id: randomUUID() }), "not_found"],
    resolve_proposal: [() => ({ trip_id: tripId, proposal_id: toResolve, action: "maybe" }), "invalid_action"],
  };

  for (const name of Object.keys(restRoutes) as ToolName[]) {
    it(`${name}: valid input gives the REST data; invalid input a tool error with our code`, async () => {
      expectRestShape(name, await callTool(name, valid[name]()));
      const [given, code] = invalid[name];
      const args = typeof given === "function" ? given() : given;
      if (code === "invalid_params") {
        // list_trips has no parameters: an undeclared argument is refused (-32602), not silently dropped.
        await expect(callTool(name, args)).rejects.toThrow(/-32602.*has no argument "unexpected"/);
        return;
      }
      const bad = await callTool(name, args);
      const err = errorOf(bad);
      expect(err.code, err.message).toBe(code);
      expect(err.status).toBeGreaterThanOrEqual(400);
      expect(err.status).toBeLessThan(500);
      expect(err.message.length).toBeGreaterThan(0);
    });
  }

  it("an unknown tool is a protocol error, not a 5xx", async () => {
    await expect(callTool("drop_tables", {})).rejects.toThrow(/Unknown tool/);
  });

  it("a weather tool without an API key is a tool error insufficient_scope", async () => {
    const tokenOnly = await connect(bearer(fullToken));
    const err = errorOf(
      (await tokenOnly.callTool({
        name: "get_current_weather",
        arguments: valid.get_current_weather(),
      })) as CallToolResult,
    );
    await tokenOnly.close();
    expect(err).toMatchObject({ code: "insufficient_scope", status: 403 });
  });
});

describe("apply_trip_operation and revisions", () => {
  it("a stale base_revision is a tool error with current_revision and what changed since the base", async () => {
    const trip = (await createTrip(user.userId, { name: "Sintra day", time_zone: "Europe/Lisbon" })).trip_id;
    const client = await connect(bearer(fullToken));
    const first = (await client.callTool({
      name: "apply_trip_operation",
      arguments: { trip_id: trip, base_revision: 0, type: "add_event", payload: sampleEvent(1) },
    })) as CallToolResult;
    expect(first.structuredContent).toMatchObject({ new_revision: 1 });
    const stale = errorOf(
      (await client.callTool({
        name: "apply_trip_operation",
        arguments: { trip_id: trip, base_revision: 0, type: "add_event", payload: sampleEvent(2) },
      })) as CallToolResult,
    );
    await client.close();
    expect(stale).toMatchObject({ code: "STALE_REVISION", status: 409, current_revision: 1, base_revision: 0 });
    expect(stale.changes).toMatchObject({
      since_revision: 0,
      current_revision: 1,
      ops: [{ revision: 1, type: "add_event" }],
    });
  });
});

describe("the itinerary model through MCP", () => {
  it("a fixed ferry with its arrival place, each end in its own zone, goes in through apply_trip_operation and comes back in get_itinerary", async () => {
    const trip = (await createTrip(user.userId, { name: "Baltic", time_zone: "Europe/London" })).trip_id;
    const client = await connect(bearer(fullToken));
    const payload = {
      type: "ferry",
      title: "Crossing",
      location: "Helsinki",
      arrivalLocation: "Stockholm",
      fixed: true,
      startDateTime: "2027-06-02T07:30:00",
      endDateTime: "2027-06-02T07:20:00",
    };
    const added = (await client.callTool({
      name: "apply_trip_operation",
      arguments: { trip_id: trip, base_revision: 0, type: "add_event", payload },
    })) as CallToolResult;
    expect(added.isError ?? false).toBe(false);
    const it = (await client.callTool({ name: "get_itinerary", arguments: { trip_id: trip } })) as CallToolResult;
    await client.close();
    const [ferry] = (it.structuredContent as { events: Array<Record<string, unknown>> }).events;
    expect(ferry).toMatchObject({
      type: "ferry",
      fixed: true,
      timeZone: "Europe/Helsinki",
      arrivalTimeZone: "Europe/Stockholm",
      startDateTime: "2027-06-02T07:30:00+03:00",
      endDateTime: "2027-06-02T07:20:00+02:00",
      arrivalGeo: { name: "Stockholm" },
    });
  });
});

describe("agent tokens: scopes and trip limits, on MCP and REST alike", () => {
  it("propose-only: create_proposal works; apply_trip_operation and REST ops are 403 insufficient_scope", async () => {
    const token = (
      await createAccessToken(user.userId, { name: "planner agent", scopes: ["trips:read", "trips:propose"] })
    ).token;
    const client = await connect(bearer(token));
    const proposal = (await client.callTool({
      name: "create_proposal",
      arguments: { trip_id: tripId, ...sampleProposal("propose-only") },
    })) as CallToolResult;
    expectRestShape("create_proposal", proposal);
    const refused = errorOf(
      (await client.callTool({
        name: "apply_trip_operation",
        arguments: { trip_id: tripId, base_revision: 0, type: "add_event", payload: sampleEvent(3) },
      })) as CallToolResult,
    );
    await client.close();
    expect(refused).toMatchObject({ code: "insufficient_scope", status: 403 });
    const rest = await fetch(`${app.url}/v1/trips/${tripId}/ops`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({ base_revision: 0, type: "add_event", payload: sampleEvent(3) }),
    });
    expect(rest.status).toBe(403);
    expect((await rest.json()).code).toBe("insufficient_scope");
    // Accepting a proposal changes the trip: a member's (write) credential, not the agent's.
    const accept = await fetch(
      `${app.url}/v1/trips/${tripId}/proposals/${(proposal.structuredContent as { proposal_id: string }).proposal_id}?action=accept`,
      {
        method: "POST",
        headers: bearer(token),
      },
    );
    expect(accept.status).toBe(403);
  });

  it("trip-limited: the other trip is 404 on MCP and REST, and list_trips shows only the allowed trip", async () => {
    const token = (await createAccessToken(user.userId, { name: "lisbon agent", trip_ids: [tripId] })).token;
    const client = await connect(bearer(token));
    const listed = (await client.callTool({ name: "list_trips", arguments: {} })) as CallToolResult;
    expect((listed.structuredContent as { trips: Array<{ trip_id: number }> }).trips.map((x) => x.trip_id)).toEqual([
      tripId,
    ]);
    expectRestShape(
      "get_itinerary",
      (await client.callTool({ name: "get_itinerary", arguments: { trip_id: tripId } })) as CallToolResult,
    );
    for (const [name, args] of [
      ["get_itinerary", { trip_id: otherTripId }],
      ["get_trip_changes", { trip_id: otherTripId, since_revision: 0 }],
      ["apply_trip_operation", { trip_id: otherTripId, base_revision: 0, type: "add_event", payload: sampleEvent(4) }],
    ] as const) {
      expect(errorOf((await client.callTool({ name, arguments: args })) as CallToolResult)).toMatchObject({
        code: "not_found",
        status: 404,
      });
    }
    await client.close();
    const rest = await fetch(`${app.url}/v1/trips/${otherTripId}/itinerary`, { headers: bearer(token) });
    expect(rest.status).toBe(404);
    const mine = await fetch(`${app.url}/v1/trips/${tripId}/itinerary`, { headers: bearer(token) });
    expect(mine.status).toBe(200);
    // Nor can it make itself a trip outside its list.
    const owner = bearer((await createAccessToken(user.userId, { name: "owner" })).token);
    const count = async () =>
      ((await (await fetch(`${app.url}/v1/trips`, { headers: owner })).json()) as { trips: unknown[] }).trips.length;
    const before = await count();
    const create = await fetch(`${app.url}/v1/trips`, {
      method: "POST",
      headers: { ...bearer(token), "content-type": "application/json" },
      body: JSON.stringify({
        name: "escape",
        time_zone: "Europe/Lisbon",
        start_date: "2027-03-01",
        end_date: "2027-03-02",
      }),
    });
    expect(create.status).toBe(403);
    expect(await create.json()).toMatchObject({ error: { code: "forbidden" } });
    expect(await count()).toBe(before);
  });

  it("POST /api/developer/tokens takes trip_ids and scopes and lists them back", async () => {
    const res = await fetch(`${app.url}/api/developer/tokens`, {
      method: "POST",
      headers: { ...bearer(allKey), "content-type": "application/json" },
      body: JSON.stringify({ name: "agent", trip_ids: [tripId], scopes: ["trips:propose", "trips:read"] }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ trip_ids: [tripId], scopes: ["trips:read", "trips:propose"] });
    const bad = await fetch(`${app.url}/api/developer/tokens`, {
      method: "POST",
      headers: { ...bearer(allKey), "content-type": "application/json" },
      body: JSON.stringify({ name: "agent", scopes: ["trips:everything"] }),
    });
    expect(bad.status).toBe(400);
  });
});

describe("same meter, same log", () => {
  it("a spent quota is a tool error with the REST code and status, and nothing is billed", async () => {
    const who = await makeUser({ plan: "free" });
    const key = await who.key(["weather:read"]);
    await seedCounters(who.accountId, { requests: 1000 });
    const client = await connect(bearer(key));
    const err = errorOf(
      (await client.callTool({ name: "get_current_weather", arguments: { lat: 38.72, lng: -9.14 } })) as CallToolResult,
    );
    await client.close();
    const rest = await fetch(`${app.url}/v1/weather/current?lat=38.72&lng=-9.14`, { headers: bearer(key) });
    const restError = (await rest.json()).error;
    expect(err).toMatchObject({ code: restError.code, status: rest.status, message: restError.message });
    expect([402, 429]).toContain(rest.status);
  });

  it("a tool call bills what its REST operation bills and its log row names the tool", async () => {
    const who = await makeUser({ plan: "pro" });
    const key = await who.key(["weather:read"]);
    const client = await connect(bearer(key));
    const viaMcp = (await client.callTool({
      name: "get_forecast",
      arguments: { lat: 38.72, lng: -9.14, days: 2, granularity: "hourly" },
    })) as CallToolResult;
    await client.close();
    const viaRest = await fetch(`${app.url}/v1/weather/forecast?lat=38.72&lng=-9.14&days=2&granularity=hourly`, {
      headers: bearer(key),
    });
    const restMeta = (await viaRest.json()).meta;
    expect(viaMcp._meta?.["skycast/billing_units"]).toBe(restMeta.billing_units);
    expect(restMeta.billing_units).toBe(2);
    await flushRequestLog();
    const rows = await queryRows<{ path: string; tool: string | null; billing_units: number; status: number }>(
      t.db,
      sql`select path, tool, billing_units, status from request_log where account_id = ${who.accountId}::uuid order by at`,
    );
    expect(rows).toEqual([
      { path: "/v1/weather/forecast", tool: "get_forecast", billing_units: 2, status: 200 },
      { path: "/v1/weather/forecast", tool: null, billing_units: 2, status: 200 },
    ]);
  });
});
