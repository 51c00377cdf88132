/**
 * Short text renderings of REST data for an MCP tool's text content block: a line or a few an
 * agent (or a person reading its transcript) can use at a glance. The full data is the tool's
 * structured content; these never carry anything it does not.
 */
type Data = Record<string, any>;

const round = (n: unknown) => (typeof n === "number" ? Math.round(n * 10) / 10 : "?");
const place = (loc: Data | undefined) => (loc ? (loc.name ?? `${round(loc.lat)}, ${round(loc.lng)}`) : "the location");
const risk = (r: Data | undefined) =>
  r ? `risk ${r.level}${r.reasons?.[0]?.message ? ` (${r.reasons[0].message})` : ""}` : "";

export function currentWeatherText(d: Data): string {
  const c = d.current ?? {};
  return (
    `${place(d.location)}: ${c.condition?.label ?? "unknown"}, ${round(c.temperature)}° (feels ${round(c.feels_like)}°), wind ${round(c.wind?.speed_ms)} m/s, ` +
    `precipitation ${round(c.precipitation_mm)} mm; ${risk(d.risk)}; ${(d.alerts ?? []).length} alert(s).`
  );
}

export function forecastText(d: Data): string {
  const lines = (d.daily ?? []).map(
    (x: Data) =>
      `${x.local_date}: ${x.condition?.label}, ${round(x.temperature?.min)}–${round(x.temperature?.max)}°, rain ${round(x.precipitation_probability_pct)}%`,
  );
  if (lines.length === 0) lines.push(`${(d.hourly ?? []).length} hourly entries`);
  return `${d.granularity} forecast for ${place(d.location)}, ${d.days} day(s):\n${lines.join("\n")}`;
}

export function timelineText(d: Data): string {
  const s = d.summary ?? {};
  const items = (d.items ?? []).map((i: Data) =>
    `- ${i.id} ${i.start}: ${i.risk?.level} ${i.weather?.condition ?? ""}`.trimEnd(),
  );
  return `Overall risk ${s.overall_risk}: ${s.main_issue}\n${items.join("\n")}`;
}

export function routeText(d: Data): string {
  const worst = (d.segments ?? []).filter((s: Data) => s.risk?.level !== "low").length;
  return (
    `${d.transport_mode} route, ${round((d.distance_m ?? 0) / 1000)} km, ${round(d.duration_minutes)} min, ${(d.segments ?? []).length} segment(s), ` +
    `${worst} above low risk; overall ${d.overall_risk?.level ?? JSON.stringify(d.overall_risk)}.`
  );
}

export function tripsText(d: Data): string {
  const trips = d.trips ?? [];
  if (trips.length === 0) return "No trips.";
  return trips
    .map(
      (t: Data) =>
        `- trip ${t.trip_id} "${t.name}" ${t.start_date ?? "?"}..${t.end_date ?? "?"} (${t.time_zone}), revision ${t.revision}, your role ${t.role}`,
    )
    .join("\n");
}

const eventLine = (e: Data) =>
  `- event ${e.id} ${e.startDateTime ?? "?"} ${e.type}: ${e.title}${e.location ? ` @ ${e.location}` : ""}`;

export function itineraryText(d: Data): string {
  const events = d.events ?? [];
  return `Trip ${d.trip_id} at revision ${d.revision} (${d.time_zone}), ${events.length} event(s):\n${events.map(eventLine).join("\n")}`;
}

export function changesText(d: Data): string {
  const ops = (d.ops ?? []).map(
    (o: Data) => `- r${o.revision} ${o.type} (${o.source}) events ${(o.affected_event_ids ?? []).join(", ") || "-"}`,
  );
  return (
    `Trip ${d.trip_id}: revision ${d.since_revision} → ${d.current_revision}, ${ops.length} change(s):\n${ops.join("\n")}` +
    `${(d.deleted_event_ids ?? []).length ? `\ndeleted events: ${d.deleted_event_ids.join(", ")}` : ""}`
  );
}

export function proposalsText(d: Data): string {
  const ps = d.proposals ?? [];
  if (ps.length === 0) return `Trip ${d.trip_id}: no proposals.`;
  return ps
    .map((p: Data) => `- ${p.proposal_id} ${p.status} by ${p.actor_agent_id}, expires ${p.expires_at}`)
    .join("\n");
}

export function proposalText(d: Data): string {
  // The trip card's options as text, for clients that do not render MCP Apps.
  const options = (d.options ?? []).map(
    (o: Data) =>
      `\n- option ${o.id}${o.label ? ` "${o.label}"` : ""} (score ${o.score})${o.reason ? `: ${o.reason}` : ""}`,
  );
  return `Proposal ${d.proposal_id} on trip ${d.trip_id} is ${d.status} until ${d.expires_at}; options:${options.join("") || " none"}\nA trip member accepts or rejects it (resolve_proposal).`;
}

export function resolvedProposalText(d: Data): string {
  return d.status === "accepted"
    ? `Proposal ${d.proposal_id} accepted (option ${d.selected_option_id}): trip at revision ${d.new_revision}; events created ${(d.created_event_ids ?? []).join(", ") || "-"}, changed ${(d.changed_event_ids ?? []).join(", ") || "-"}.`
    : `Proposal ${d.proposal_id} is ${d.status}${d.rejection_reason ? `: ${d.rejection_reason}` : ""}.`;
}

export function opResultText(d: Data): string {
  return `Applied ${d.operation?.type} to trip ${d.trip_id}: revision ${d.operation?.base_revision} → ${d.new_revision}; events ${(d.result?.affected_event_ids ?? []).join(", ") || "-"}.`;
}

export function tripWeatherText(d: Data): string {
  const events = (d.events ?? []).map(
    (e: Data) =>
      `- event ${e.event_id} ${e.local_date} ${e.title}: ${e.risk?.level ?? (e.unavailable_reason ? `no forecast (${e.unavailable_reason})` : "?")}`,
  );
  const s = d.summary ?? {};
  return (
    `Trip ${d.trip_id} at revision ${d.revision}: overall ${s.overall_risk ?? "unknown"} (${s.main_issue ?? "none"}), ` +
    `${(s.events_at_risk ?? []).length} event(s) at risk\n${events.join("\n")}`
  );
}
