import { describe, expect, it } from "vitest";
import { AGENT_CLIENTS, agentClientConfig } from "./agent-client-configs";

describe("agentClientConfig (the Agents page)", () => {
  it("every client's configuration names the MCP URL; the JSON ones parse and carry the token", () => {
    for (const { kind } of AGENT_CLIENTS) {
      const c = agentClientConfig(kind, "https://skycast.example", "sat_abc");
      expect(c.text).toContain("https://skycast.example/api/mcp");
      expect(c.where.length).toBeGreaterThan(10);
      if (kind !== "chatgpt") {
        expect(() => JSON.parse(c.text)).not.toThrow();
        expect(c.text).toContain("sat_abc");
      }
    }
    expect(JSON.parse(agentClientConfig("cursor", "http://x").text)).toEqual({
      mcpServers: { skycast: { url: "http://x/api/mcp", headers: { Authorization: "Bearer sat_YOUR_TOKEN" } } },
    });
  });
});
