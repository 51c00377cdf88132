/** Parsing helpers shared by the adapters: numbers and upstream units -> SI. */
export function num(v: unknown): number | null {
  if (typeof v === "number" && Number.isFinite(v)) return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return null;
}

/** Converts an upstream value in `unit` (Open-Meteo unit strings) to our SI unit. */
export function convert(v: number | null, unit: string | undefined): number | null {
  if (v === null || !unit) return v;
  switch (unit) {
    case "km/h":
      return v / 3.6;
    case "mp/h":
    case "mph":
      return v * 0.44704;
    case "kn":
    case "kt":
      return v * 0.514444;
    case "°F":
      return ((v - 32) * 5) / 9;
    case "K":
      return v - 273.15;
    case "inch":
      return v * 25.4;
    case "ft":
      return v * 0.3048;
    default:
      return v;
  }
}
