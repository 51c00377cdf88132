import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

/**
 * A minimal MCP Apps host for lib/mcp/trip-card.browser.test.ts, bundled for the browser by the test:
 * the official AppBridge renders the card's HTML (read from the server) in a sandboxed iframe, hands
 * it a tool's result, and forwards the card's tools/call to the test server (which calls /api/mcp).
 */
async function post(path: string, body: unknown) {
  const res = await fetch(path, { method: "POST", body: JSON.stringify(body) });
  return (await res.json()) as { result?: Record<string, unknown>; error?: string };
}

async function main() {
  const query = new URLSearchParams(location.search);
  const tool = query.get("tool")!;
  const args = JSON.parse(query.get("args") ?? "{}") as Record<string, unknown>;
  const html = await (await fetch("/card")).text();
  const first = await post("/call", { name: tool, arguments: args });
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.title = "Trip card";
  iframe.style.cssText = "width:100%;height:600px;border:1px solid #ccc";
  document.body.append(iframe);
  const bridge = new AppBridge(null, { name: "skycast-test-host", version: "1.0.0" }, { serverTools: {} });
  bridge.oncalltool = async (params) => {
    const out = await post("/call", params);
    if (out.error !== undefined) throw new Error(out.error);
    return out.result as never;
  };
  bridge.oninitialized = () => {
    document.body.dataset.initialized = "yes";
    void bridge.sendToolInput({ arguments: args });
    void bridge.sendToolResult(first.result as never);
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  iframe.srcdoc = html;
}

void main();
