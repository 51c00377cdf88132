/**
 * MCP client configurations for a new access token, shown on the portal's Access tokens page and
 * described in docs/agents.md. Pure, so a test checks each is valid JSON naming our endpoint.
 */
export type McpClientKind = "vscode" | "claude" | "inspector";

export function mcpClientConfigs(
  origin: string,
  token: string,
): Record<McpClientKind, { where: string; text: string }> {
  const url = `${origin}/api/mcp`;
  return {
    vscode: {
      where: "VS Code: .vscode/mcp.json in your workspace (or the user-level mcp.json).",
      text: JSON.stringify(
        { servers: { skycast: { type: "http", url, headers: { Authorization: `Bearer ${token}` } } } },
        null,
        2,
      ),
    },
    claude: {
      where:
        "Claude Desktop: claude_desktop_config.json (Settings → Developer → Edit config); it reaches remote servers through mcp-remote.",
      text: JSON.stringify(
        {
          mcpServers: {
            skycast: {
              command: "npx",
              args: ["-y", "mcp-remote", url, "--header", "Authorization:Bearer ${SKYCAST_TOKEN}"],
              env: { SKYCAST_TOKEN: token },
            },
          },
        },
        null,
        2,
      ),
    },
    inspector: {
      where: "Run `npx @modelcontextprotocol/inspector`, choose Streamable HTTP, then paste the URL and the header.",
      text: `URL: ${url}\nHeader: Authorization: Bearer ${token}`,
    },
  };
}
