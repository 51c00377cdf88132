/** Reads the risk parts out of a weather response body, whatever the endpoint. */
export type RiskLevel = "low" | "watch" | "warning" | string;

export interface RiskView {
  level: RiskLevel;
  reasons: Array<{ code: string; level: string; message: string }>;
  recommendation: string | null;
  mainIssue?: string | null;
}

export interface SegmentView {
  index: number;
  start: { lat: number; lng: number };
  end: { lat: number; lng: number };
  level: RiskLevel;
  label: string;
  startTime?: string;
  endTime?: string;
  weather: string;
  reasons: string[];
}

export const RISK_COLOURS: Record<string, string> = { low: "#059669", watch: "#d97706", warning: "#dc2626" };
export const riskColour = (level: string) => RISK_COLOURS[level] ?? "#64748b";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function toRisk(r: unknown, mainIssue?: unknown): RiskView | null {
  if (!isObj(r) || typeof r.level !== "string") return null;
  return {
    level: r.level,
    reasons: Array.isArray(r.reasons) ? (r.reasons as RiskView["reasons"]) : [],
    recommendation: typeof r.recommendation === "string" ? r.recommendation : null,
    mainIssue: typeof (r.main_issue ?? mainIssue) === "string" ? String(r.main_issue ?? mainIssue) : null,
  };
}

/** Overall risk of a current, timeline or route response (null for forecasts and errors). */
export function overallRisk(body: unknown): RiskView | null {
  const data = isObj(body) && isObj(body.data) ? body.data : null;
  if (!data) return null;
  if (data.risk) return toRisk(data.risk);
  if (data.overall_risk) return toRisk(data.overall_risk);
  if (isObj(data.summary)) {
    const s = data.summary;
    return typeof s.overall_risk === "string"
      ? { level: s.overall_risk, reasons: [], recommendation: null, mainIssue: (s.main_issue as string) ?? null }
      : null;
  }
  return null;
}

/** Per-item risks of a timeline response. */
export function itemRisks(body: unknown): Array<{ id: string; activity: string; risk: RiskView }> {
  const data = isObj(body) && isObj(body.data) ? body.data : null;
  if (!data || !Array.isArray(data.items)) return [];
  return data.items.flatMap((it) => {
    if (!isObj(it)) return [];
    const risk = toRisk(it.risk);
    return risk ? [{ id: String(it.id ?? ""), activity: String(it.activity_type ?? ""), risk }] : [];
  });
}

const point = (p: unknown) =>
  isObj(p) && typeof p.lat === "number" && typeof p.lng === "number" ? { lat: p.lat, lng: p.lng } : null;

/** Route segments with their end points and risk level. */
export function routeSegments(body: unknown): SegmentView[] {
  const data = isObj(body) && isObj(body.data) ? body.data : null;
  if (!data || !Array.isArray(data.segments)) return [];
  return data.segments.flatMap((s, i) => {
    if (!isObj(s)) return [];
    const start = point(s.start_point);
    const end = point(s.end_point);
    if (!start || !end) return [];
    const level = isObj(s.risk) && typeof s.risk.level === "string" ? s.risk.level : "unknown";
    const rs =
      isObj(s.risk) && Array.isArray(s.risk.reasons)
        ? (s.risk.reasons as Array<{ code?: string; message?: string }>)
        : [];
    const codes = rs.map((r) => r.code).filter(Boolean);
    const index = typeof s.index === "number" ? s.index : i;
    return [
      {
        index,
        start,
        end,
        level,
        label: `Segment ${index}: ${level}${codes.length ? ` (${codes.join(", ")})` : ""}`,
        startTime: typeof s.start_time === "string" ? s.start_time : undefined,
        endTime: typeof s.end_time === "string" ? s.end_time : undefined,
        weather: weatherWords(s.condition),
        reasons: rs.map((r) => r.message ?? r.code ?? "").filter(Boolean),
      },
    ];
  });
}

/** "Light rain, 12 °C, wind 20 km/h (gusts 35), 0.4 mm" from a segment's condition. */
function weatherWords(c: unknown): string {
  if (!isObj(c)) return "";
  const num = (v: unknown) => (typeof v === "number" ? Math.round(v * 10) / 10 : null);
  const parts = [
    typeof c.label === "string" ? c.label : null,
    num(c.temperature_c) !== null ? `${num(c.temperature_c)} °C` : null,
    num(c.wind_speed_kph) !== null
      ? `wind ${num(c.wind_speed_kph)} km/h${num(c.wind_gust_kph) !== null ? ` (gusts ${num(c.wind_gust_kph)})` : ""}`
      : null,
    num(c.precipitation_mm) ? `${num(c.precipitation_mm)} mm` : null,
    num(c.visibility_km) !== null ? `visibility ${num(c.visibility_km)} km` : null,
  ];
  return parts.filter(Boolean).join(", ");
}
