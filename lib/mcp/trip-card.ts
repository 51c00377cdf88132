import type { ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";

/**
 * The in-chat trip card (MCP Apps, issue 41 item 7): one `ui://` HTML resource that `get_trip_weather`
 * and `list_proposals` name in `_meta.ui.resourceUri`. A host renders it in a sandboxed iframe and
 * hands it the tool's result; the card shows the trip's events with their weather and the pending
 * proposal with its options, and its Accept / Reject buttons call `resolve_proposal` through the host
 * (the same `tools/call` as an agent's: revision check, grant level, 403 step-up).
 *
 * The view speaks the MCP Apps postMessage protocol itself (ui/initialize, tool-result notifications,
 * tools/call), a few KB, instead of bundling the ext-apps `App` class (about 650 KB with its schemas)
 * into every read: docs/decisions/0132-trip-card-view-without-the-app-bundle.md. The protocol is
 * checked against the official `AppBridge` in lib/mcp/trip-card.browser.test.ts.
 */
export const TRIP_CARD = {
  uri: "ui://skycast/trip-card.html",
  /** ext-apps RESOURCE_MIME_TYPE and RESOURCE_URI_META_KEY (asserted equal in the test). */
  mimeType: "text/html;profile=mcp-app",
  legacyMetaKey: "ui/resourceUri",
  protocolVersion: "2026-01-26",
} as const;

const VIEW = String.raw`
const PROTOCOL = ${JSON.stringify(TRIP_CARD.protocolVersion)};
let nextId = 1;
const pending = new Map();
const state = { tripId: null, proposal: null };
const $ = (id) => document.getElementById(id);
const send = (msg) => window.parent.postMessage(msg, "*");
function request(method, params) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    send({ jsonrpc: "2.0", id, method, params });
  });
}
window.addEventListener("message", (ev) => {
  if (ev.source !== window.parent) return;
  const m = ev.data;
  if (!m || m.jsonrpc !== "2.0") return;
  if (m.id !== undefined && m.method === undefined) {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error) p.reject(m.error);
    else p.resolve(m.result);
    return;
  }
  if (m.method === "ui/notifications/tool-input") {
    const a = m.params && m.params.arguments;
    if (a && a.trip_id !== undefined) state.tripId = a.trip_id;
  } else if (m.method === "ui/notifications/tool-result") {
    show(m.params).catch((e) => status(String(e && e.message ? e.message : e)));
  } else if (m.id !== undefined) {
    if (m.method === "ping" || m.method === "ui/resource-teardown") send({ jsonrpc: "2.0", id: m.id, result: {} });
    else send({ jsonrpc: "2.0", id: m.id, error: { code: -32601, message: "Method not found" } });
  }
});
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}
function status(text) {
  $("status").textContent = text;
}
/** A tool's data, or {error} from a tool error or a refused call (e.g. the 403 step-up). */
async function callTool(name, args) {
  try {
    const r = await request("tools/call", { name, arguments: args });
    if (!r.isError) return { data: r.structuredContent || {} };
    try {
      return { error: JSON.parse(r.content[0].text).error };
    } catch {
      return { error: { code: "tool_error", message: (r.content[0] && r.content[0].text) || "Tool error" } };
    }
  } catch (e) {
    return { error: { code: String(e && e.code), message: String((e && e.message) || e) } };
  }
}
function renderEvents(d) {
  const list = $("events");
  list.replaceChildren();
  $("trip").textContent = "Trip " + d.trip_id + " · revision " + d.revision + " · " + ((d.summary && d.summary.overall_risk) || "");
  for (const e of d.events || []) {
    const li = el("li", undefined, "event");
    li.append(el("strong", e.title), el("span", " " + e.local_date + " "));
    const w = (e.places || []).map((p) => p.weather).find((x) => x);
    if (w) {
      const t = [w.condition && w.condition.label, w.temperature_c != null ? Math.round(w.temperature_c) + "°C" : null,
        w.precipitation_probability != null ? w.precipitation_probability + "% rain" : null].filter((x) => x).join(", ");
      li.append(el("span", t, "weather"));
    } else if (e.unavailable_reason) li.append(el("span", "no forecast (" + e.unavailable_reason + ")", "weather"));
    li.append(el("span", " " + ((e.risk && e.risk.level) || ""), "risk"));
    list.append(li);
  }
}
function renderProposal(p) {
  const box = $("proposal");
  box.replaceChildren();
  state.proposal = p;
  if (!p) {
    box.append(el("p", "No pending proposal."));
    return;
  }
  box.append(el("h2", "Proposal by " + p.actor_agent_id), el("p", "Pending until " + p.expires_at));
  const ol = el("ol");
  for (const o of p.options || []) {
    const li = el("li", undefined, "option");
    li.append(el("strong", o.label || o.id), el("span", " score " + o.score));
    if (o.reason) li.append(el("p", o.reason));
    const b = el("button", "Accept");
    b.setAttribute("aria-label", "Accept " + (o.label || o.id));
    b.addEventListener("click", () => resolve("accept", o.id));
    li.append(b);
    ol.append(li);
  }
  const reject = el("button", "Reject");
  reject.addEventListener("click", () => resolve("reject"));
  box.append(ol, reject);
}
async function resolve(action, optionId) {
  const p = state.proposal;
  for (const b of document.querySelectorAll("#proposal button")) b.disabled = true;
  status(action === "accept" ? "Accepting…" : "Rejecting…");
  const args = { trip_id: p.trip_id, proposal_id: p.proposal_id, action };
  if (optionId) args.selected_option_id = optionId;
  const r = await callTool("resolve_proposal", args);
  if (r.data) {
    status(r.data.status === "accepted" ? "Accepted: the trip is at revision " + r.data.new_revision + "." : "Rejected.");
    return;
  }
  for (const b of document.querySelectorAll("#proposal button")) b.disabled = false;
  const scope = /insufficient_scope|scope/i.test(r.error.code + " " + r.error.message);
  status(scope ? "This connection may only propose changes: reconnect with \"Apply changes\" to accept or reject here. (" + r.error.message + ")"
    : "Not done: " + r.error.message);
}
async function loadProposal(tripId, summaries) {
  const list = summaries || ((await callTool("list_proposals", { trip_id: tripId, status: "pending" })).data || {}).proposals || [];
  const first = list.find((p) => p.status === "pending");
  if (!first) return renderProposal(null);
  const r = await callTool("get_proposal", { trip_id: tripId, proposal_id: first.proposal_id });
  if (r.error) return status(r.error.message);
  renderProposal(r.data);
}
async function show(result) {
  const d = (result && result.structuredContent) || {};
  if (Array.isArray(d.events)) {
    state.tripId = d.trip_id;
    renderEvents(d);
    await loadProposal(d.trip_id);
  } else if (Array.isArray(d.proposals)) {
    const tripId = d.trip_id !== undefined ? d.trip_id : state.tripId;
    state.tripId = tripId;
    await loadProposal(tripId, d.proposals);
    const w = await callTool("get_trip_weather", { trip_id: tripId });
    if (w.data) renderEvents(w.data);
    else $("trip").textContent = "Weather unavailable: " + w.error.message;
  }
  status("");
}
request("ui/initialize", { appInfo: { name: "skycast-trip-card", version: "1.0.0" }, appCapabilities: {}, protocolVersion: PROTOCOL })
  .then(() => send({ jsonrpc: "2.0", method: "ui/notifications/initialized", params: {} }))
  .catch((e) => status("Host refused the card: " + ((e && e.message) || e)));
`;

const HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Skycast trip card</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:12px;color:#1b1f24}
ul,ol{padding-left:18px}.weather{color:#445}.risk{font-weight:600;margin-left:4px}
.option{margin:6px 0}button{margin:4px 6px 0 0;padding:4px 10px}#status{font-weight:600}
</style></head>
<body><h1 id="trip">Trip</h1><ul id="events"></ul><section id="proposal"></section><p id="status" role="status"></p>
<script type="module">${VIEW}</script></body></html>`;

export function tripCardResource(): ReadResourceResult {
  return {
    contents: [
      {
        uri: TRIP_CARD.uri,
        mimeType: TRIP_CARD.mimeType,
        text: HTML,
        // No network access needed: every call goes through the host's bridge.
        _meta: { ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } },
      },
    ],
  };
}
