/**
 * How to connect each MCP client to Skycast (issue 42 item 6: the Agents page). Pure and client-safe;
 * `token` is a placeholder on the page (a real one is shown once when a token is created).
 */
export type AgentClient = "claude" | "chatgpt" | "vscode" | "cursor";

export const AGENT_CLIENTS: Array<{ kind: AgentClient; label: string }> = [
  { kind: "claude", label: "Claude" },
  { kind: "chatgpt", label: "ChatGPT" },
  { kind: "vscode", label: "VS Code" },
  { kind: "cursor", label: "Cursor" },
];

export const TOKEN_PLACEHOLDER = "sat_YOUR_TOKEN";

export function agentClientConfig(
  kind: AgentClient,
  origin: string,
  token = TOKEN_PLACEHOLDER,
): { where: string; text: string } {
  const url = `${origin}/api/mcp`;
  const auth = `Bearer ${token}`;
  switch (kind) {
    case "claude":
      return {
        where:
          "Claude Desktop: Settings → Developer → Edit config (claude_desktop_config.json). Claude.ai and Claude Desktop can also add the URL under Settings → Connectors → Add custom connector and sign in with Skycast.",
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
      };
    case "chatgpt":
      return {
        where:
          "ChatGPT: Settings → Apps & Connectors → Advanced → Developer mode, then Create connector with this URL; ChatGPT signs in with Skycast (OAuth) and lists the tools.",
        text: `Name: Skycast\nMCP server URL: ${url}\nAuthentication: OAuth`,
      };
    case "vscode":
      return {
        where: "VS Code: .vscode/mcp.json in your workspace (or the user-level mcp.json).",
        text: JSON.stringify(
          { servers: { skycast: { type: "http", url, headers: { Authorization: auth } } } },
          null,
          2,
        ),
      };
    case "cursor":
      return {
        where: "Cursor: ~/.cursor/mcp.json (or .cursor/mcp.json in a project).",
        text: JSON.stringify({ mcpServers: { skycast: { url, headers: { Authorization: auth } } } }, null, 2),
      };
  }
}
