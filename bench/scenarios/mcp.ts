import type { BenchScenario } from "../types";

/**
 * MCP (issue 28): get_current_weather as a tools/call on /api/mcp against the same REST call, in
 * the same run, one after the other, warm cache, 64 connections. The MCP path is the REST route
 * run in process plus JSON-RPC, a fresh stateless server per request and the tool's text
 * rendering; target ≥ 0.8 of REST.
 */
const CURRENT = "/v1/weather/current?lat=48.8566&lng=2.3522";
const TOOLS_CALL = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "get_current_weather", arguments: { lat: 48.8566, lng: 2.3522 } },
});

export const scenarios: BenchScenario[] = [
  {
    name: "mcp: get_current_weather over MCP vs REST",
    async run(ctx) {
      const dev = await ctx.newDeveloper("pro");
      const auth = { authorization: `Bearer ${dev.key}` };
      const mcpHeaders = {
        ...auth,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-protocol-version": "2025-06-18",
      };
      const warmRest = await fetch(ctx.baseUrl + CURRENT, { headers: auth });
      const warmMcp = await fetch(ctx.baseUrl + "/api/mcp", { method: "POST", headers: mcpHeaders, body: TOOLS_CALL });
      const reply = (await warmMcp.json()) as { result?: { isError?: boolean; structuredContent?: unknown } };
      ctx.check(
        "mcp: tools/call get_current_weather answers the REST data",
        warmRest.ok && warmMcp.ok && reply.result?.isError !== true && reply.result?.structuredContent !== undefined,
        `REST ${warmRest.status}, MCP ${warmMcp.status} isError=${reply.result?.isError}`,
      );
      // R M M R with half the duration each: a linear drift of the shared machine cancels out.
      const seconds = Math.max(3, Math.ceil(Number(process.env.BENCH_SECONDS ?? 10) / 2));
      const restLoad = (n: number) =>
        ctx.load({
          title: `GET /v1/weather/current (REST, MCP pair ${n}/2)`,
          path: CURRENT,
          headers: auth,
          durationSeconds: seconds,
        });
      const mcpLoad = (n: number) =>
        ctx.load({
          title: `POST /api/mcp tools/call get_current_weather (${n}/2)`,
          path: "/api/mcp",
          method: "POST",
          headers: mcpHeaders,
          body: TOOLS_CALL,
          durationSeconds: seconds,
        });
      const r1 = await restLoad(1);
      const m1 = await mcpLoad(1);
      const m2 = await mcpLoad(2);
      const r2 = await restLoad(2);
      const restRps = (r1.rps + r2.rps) / 2;
      const mcpRps = (m1.rps + m2.rps) / 2;
      const ratio = Math.round((mcpRps / restRps) * 100) / 100;
      ctx.check(
        "mcp: get_current_weather over MCP ≥ 0.8 of REST",
        ratio >= 0.8 && m1.non2xx + m2.non2xx === 0,
        `${ratio} (${Math.round(mcpRps)} vs ${Math.round(restRps)} req/s)`,
      );
      return { "MCP / REST req/s": ratio };
    },
  },
];
