import { expect, it } from "vitest";
import { mcpClientConfigs } from "./mcp-client-config";

it("VS Code and Claude Desktop configurations are valid JSON naming the endpoint and the token", () => {
  const c = mcpClientConfigs("https://skycast.example", "sat_abc");
  expect(JSON.parse(c.vscode.text)).toEqual({
    servers: {
      skycast: { type: "http", url: "https://skycast.example/api/mcp", headers: { Authorization: "Bearer sat_abc" } },
    },
  });
  const claude = JSON.parse(c.claude.text).mcpServers.skycast;
  expect(claude.args).toContain("https://skycast.example/api/mcp");
  expect(claude.env).toEqual({ SKYCAST_TOKEN: "sat_abc" });
  expect(c.inspector.text).toContain("Authorization: Bearer sat_abc");
});
