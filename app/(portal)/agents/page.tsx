import type { Metadata } from "next";
import Link from "next/link";
import { mcpTools } from "@/app/api/mcp/tools";
import { AgentClientTabs } from "@/components/agents/agent-client-tabs";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { PageHeader } from "@/components/ui/page-header";
import { Table, TBody, Td, Th, THead, Tr } from "@/components/ui/table";

export const metadata: Metadata = { title: "Agents" };

/** What a tool needs, in words: the credential and the scope it must carry (lib/mcp/operation-tool.ts). */
function needOf(t: (typeof mcpTools)[number]): string {
  return t.need.credential === "api_key"
    ? `API key${t.need.scopes.length ? ` · ${t.need.scopes.join(", ")}` : ""}`
    : `Access token · ${t.need.scope}`;
}

/**
 * Issue 42 item 6: connecting an agent again is one page away. The MCP URL, every tool with the
 * credential and scope it needs, a configuration per client, and the agents already connected
 * (/agents/connected, OAuth).
 */
export default function AgentsPage() {
  const origin = process.env.NEXTAUTH_URL ?? "http://localhost:3000";
  const url = `${origin}/api/mcp`;
  return (
    <>
      <PageHeader
        title="Agents"
        description="Connect an LLM agent (Claude, ChatGPT, VS Code, Cursor) to Skycast over MCP. It acts with an access token you create for it, limited to the trips and scopes you choose, and sees only the tools that token allows."
        actions={
          <Link
            href="/agents/connected"
            className="inline-flex items-center rounded-md px-3 py-2 text-sm font-medium text-indigo-700 underline-offset-2 hover:underline"
          >
            Connected agents
          </Link>
        }
      />
      <div className="grid min-w-0 gap-6">
        <Card>
          <CardHeader
            title="MCP server URL"
            description="Streamable HTTP. Authenticate with an access token (Authorization: Bearer sat_…); add an API key as X-Api-Key for the weather tools."
          />
          <CardBody>
            <CodeBlock copyValue={url} label="MCP URL">
              {url}
            </CodeBlock>
            <p className="mt-3 text-sm text-slate-700">
              <Link href="/tokens" className="font-medium text-indigo-700 underline">
                Create an access token
              </Link>{" "}
              for the agent (its configuration is shown with the token, once), or read the{" "}
              <Link href="/docs#mcp" className="font-medium text-indigo-700 underline">
                MCP section of the API reference
              </Link>
              .
            </p>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Client configuration" description={`Replace sat_YOUR_TOKEN with your token.`} />
          <CardBody>
            <AgentClientTabs fallbackOrigin={origin} />
          </CardBody>
        </Card>
        <Card className="min-w-0">
          <CardHeader
            title="Tools"
            description="What an agent can call, and what its credential must hold for the tool to be listed."
          />
          <Table aria-label="MCP tools" stacked>
            <THead>
              <Tr>
                <Th>Tool</Th>
                <Th>Needs</Th>
                <Th>What it does</Th>
              </Tr>
            </THead>
            <TBody>
              {mcpTools.map((t) => (
                <Tr key={t.name}>
                  <Td label="Tool">
                    <code className="font-mono text-[13px]">{t.name}</code>
                  </Td>
                  <Td label="Needs">{needOf(t)}</Td>
                  <Td label="What it does">{t.description}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </Card>
      </div>
    </>
  );
}
