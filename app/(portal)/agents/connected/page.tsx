import type { Metadata } from "next";
import { revalidatePath } from "next/cache";
import { listConnectedAgents, revokeConnectedAgent } from "@/lib/oauth/connected-agents";
import { requireSession } from "@/lib/portal/current-user";

export const metadata: Metadata = { title: "Connected agents" };

/** Server action (Next checks its origin): revoke one of the signed-in user's grants. */
async function revoke(formData: FormData) {
  "use server";
  const { userId, accountId } = await requireSession();
  const grantId = Number(formData.get("grant_id"));
  if (Number.isInteger(grantId) && grantId > 0) await revokeConnectedAgent({ userId, accountId }, grantId);
  revalidatePath("/agents/connected");
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "never";

export default async function ConnectedAgentsPage() {
  const { userId } = await requireSession();
  const agents = await listConnectedAgents(userId);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Connected agents</h1>
        <p className="mt-1 text-sm text-slate-600">
          Agents you allowed on the consent page (claude.ai, ChatGPT, VS Code, Cursor, Claude Code…). Revoking one stops
          it at once, everywhere; it must ask you again to reconnect.
        </p>
      </div>
      {agents.length === 0 ? (
        <p className="text-sm text-slate-600">
          No agent is connected. Add the MCP server URL in your agent to connect one.
        </p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-500">
              <th className="py-2 pr-4 font-medium">Agent</th>
              <th className="py-2 pr-4 font-medium">Trips</th>
              <th className="py-2 pr-4 font-medium">Access</th>
              <th className="py-2 pr-4 font-medium">Created</th>
              <th className="py-2 pr-4 font-medium">Last used</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Revoke</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {agents.map((a) => (
              <tr key={a.grantId} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-4">
                  <div className="font-medium text-slate-900">{a.clientName}</div>
                  {a.clientUri ? <div className="text-xs text-slate-500">{a.clientUri}</div> : null}
                </td>
                <td className="py-2 pr-4">{a.trips.map((t) => t.name).join(", ")}</td>
                <td className="py-2 pr-4">
                  {a.level}
                  {a.weather ? ", weather tools" : ""}
                </td>
                <td className="py-2 pr-4">{when(a.createdAt)}</td>
                <td className="py-2 pr-4">{when(a.lastUsedAt)}</td>
                <td className="py-2">
                  <form action={revoke}>
                    <input type="hidden" name="grant_id" value={a.grantId} />
                    <button
                      type="submit"
                      className="rounded-md border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50"
                    >
                      Revoke
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
