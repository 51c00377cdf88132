"use client";
import { Field, Input, Select } from "@/components/ui/field";

/** Offline place presets (no map tiles are available, so a preset or typed coordinates). */
export const PLACE_PRESETS = [
  { name: "Lisbon, Miradouro de Santa Luzia", lat: 38.7116, lng: -9.1300, placeType: "viewpoint" },
  { name: "London, Hyde Park", lat: 51.5073, lng: -0.1657, placeType: "park" },
  { name: "New York, Central Park", lat: 40.7829, lng: -73.9654, placeType: "park" },
  { name: "Tokyo, Shinjuku Gyoen", lat: 35.6852, lng: 139.7100, placeType: "park" },
  { name: "Sydney, Bondi Beach", lat: -33.8915, lng: 151.2767, placeType: "beach" },
  { name: "Cape Town, Table Mountain", lat: -33.9628, lng: 18.4098, placeType: "trailhead" },
  { name: "Reykjavík, Harpa", lat: 64.1503, lng: -21.9327, placeType: "venue" },
] as const;

const W = 360;
const H = 180;

/**
 * Coordinates by typing, by preset, or by clicking an equirectangular grid
 * (a plain SVG with graticules: no network needed).
 */
export function CoordinatePicker({
  lat,
  lng,
  onChange,
  errors,
}: {
  lat: string;
  lng: string;
  onChange: (v: { lat: string; lng: string; placeType?: string; placeName?: string }) => void;
  errors: { latitude?: string; longitude?: string };
}) {
  const la = Number(lat);
  const ln = Number(lng);
  const valid = lat !== "" && lng !== "" && Number.isFinite(la) && Number.isFinite(ln) && Math.abs(la) <= 90 && Math.abs(ln) <= 180;
  const pick = (e: React.MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const x = ((e.clientX - box.left) / box.width) * W;
    const y = ((e.clientY - box.top) / box.height) * H;
    onChange({ lat: (90 - y).toFixed(4), lng: (x - 180).toFixed(4) });
  };
  return (
    <div className="space-y-3">
      <Field label="Place preset" hint="Or type coordinates, or click the grid below.">
        {(p) => (
          <Select
            {...p}
            value=""
            onChange={(e) => {
              const preset = PLACE_PRESETS.find((x) => x.name === e.target.value);
              if (preset) onChange({ lat: String(preset.lat), lng: String(preset.lng), placeType: preset.placeType, placeName: preset.name });
            }}
          >
            <option value="">Choose a place…</option>
            {PLACE_PRESETS.map((x) => (
              <option key={x.name} value={x.name}>
                {x.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Latitude" error={errors.latitude}>
          {(p) => <Input {...p} name="latitude" inputMode="decimal" value={lat} onChange={(e) => onChange({ lat: e.target.value, lng })} placeholder="38.7116" />}
        </Field>
        <Field label="Longitude" error={errors.longitude}>
          {(p) => <Input {...p} name="longitude" inputMode="decimal" value={lng} onChange={(e) => onChange({ lat, lng: e.target.value })} placeholder="-9.1300" />}
        </Field>
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="w-full cursor-crosshair rounded-md bg-sky-50 ring-1 ring-slate-200"
        onClick={pick}
        role="img"
        aria-label={valid ? `Coordinate grid; selected ${la.toFixed(2)}, ${ln.toFixed(2)}` : "Coordinate grid; click to choose a point"}
      >
        {Array.from({ length: 11 }, (_, i) => (
          <line key={`v${i}`} x1={i * 36} y1={0} x2={i * 36} y2={H} className="stroke-slate-200" strokeWidth={0.5} />
        ))}
        {Array.from({ length: 7 }, (_, i) => (
          <line key={`h${i}`} x1={0} y1={i * 30} x2={W} y2={i * 30} className={i === 3 ? "stroke-slate-400" : "stroke-slate-200"} strokeWidth={0.5} />
        ))}
        {PLACE_PRESETS.map((p) => (
          <circle key={p.name} cx={p.lng + 180} cy={90 - p.lat} r={1.8} className="fill-slate-400">
            <title>{p.name}</title>
          </circle>
        ))}
        {valid && <circle cx={ln + 180} cy={90 - la} r={3.5} className="fill-indigo-600 stroke-white" strokeWidth={1} />}
      </svg>
    </div>
  );
}
