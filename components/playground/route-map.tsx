import { riskColour, type SegmentView } from "./risk";

const W = 640;
const H = 360;
const PAD = 28;

/**
 * The route's segments drawn offline (no map tiles): an equirectangular
 * projection scaled by cos(mid-latitude), fitted to the box, each segment
 * coloured by its risk level. A tooltip and the legend carry the level in words.
 */
export function RouteMap({ segments }: { segments: SegmentView[] }) {
  if (segments.length === 0) return null;
  const pts = segments.flatMap((s) => [s.start, s.end]);
  const lats = pts.map((p) => p.lat);
  const lngs = pts.map((p) => p.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xs = lngs.map((l) => l * k);
  const minX = Math.min(...xs);
  const maxY = Math.max(...lats);
  const spanX = Math.max(Math.max(...xs) - minX, 1e-3);
  const spanY = Math.max(maxY - Math.min(...lats), 1e-3);
  const scale = Math.min((W - 2 * PAD) / spanX, (H - 2 * PAD) / spanY);
  const offX = (W - spanX * scale) / 2;
  const offY = (H - spanY * scale) / 2;
  const project = (p: { lat: number; lng: number }) => ({ x: offX + (p.lng * k - minX) * scale, y: offY + (maxY - p.lat) * scale });
  const first = project(segments[0].start);
  const last = project(segments[segments.length - 1].end);
  const levels = [...new Set(segments.map((s) => s.level))];

  return (
    <figure className="space-y-2">
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full rounded-md bg-slate-50 ring-1 ring-slate-200" role="img" aria-label={`Route of ${segments.length} segments coloured by risk`}>
        {segments.map((s) => {
          const a = project(s.start);
          const b = project(s.end);
          return (
            <line key={s.index} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={riskColour(s.level)} strokeWidth={6} strokeLinecap="round" data-risk={s.level}>
              <title>{s.label}</title>
            </line>
          );
        })}
        <circle cx={first.x} cy={first.y} r={8} fill="#fff" stroke="#0f172a" strokeWidth={2} />
        <text x={first.x} y={first.y + 4} textAnchor="middle" fontSize={10} fontWeight={700} fill="#0f172a">
          A
        </text>
        <circle cx={last.x} cy={last.y} r={8} fill="#0f172a" />
        <text x={last.x} y={last.y + 4} textAnchor="middle" fontSize={10} fontWeight={700} fill="#fff">
          B
        </text>
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600">
        {levels.map((l) => (
          <span key={l} className="flex items-center gap-1.5">
            <span className="inline-block h-1.5 w-5 rounded-full" style={{ background: riskColour(l) }} aria-hidden="true" />
            {l}
          </span>
        ))}
        <span>A start · B destination · schematic projection, not to map scale</span>
      </figcaption>
    </figure>
  );
}
