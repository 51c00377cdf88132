import type { ReactNode } from "react";

/*
 * Weather condition icons drawn inline (SVG, currentColor for outlines): emoji glyphs rendered
 * as empty boxes in Chromium on machines without a colour emoji font (Debian's default), and
 * differ between platforms anyway. One 24×24 drawing per condition family.
 */

const SUN = "#f59e0b";
const CLOUD = "#94a3b8";
const CLOUD_DARK = "#64748b";
const WATER = "#3b82f6";

const sun = (cx: number, cy: number, r: number) => (
  <g key="sun">
    <circle cx={cx} cy={cy} r={r} fill={SUN} />
    {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => {
      const rad = (a * Math.PI) / 180;
      return (
        <line
          key={a}
          x1={cx + Math.cos(rad) * (r + 1.6)}
          y1={cy + Math.sin(rad) * (r + 1.6)}
          x2={cx + Math.cos(rad) * (r + 3.4)}
          y2={cy + Math.sin(rad) * (r + 3.4)}
          stroke={SUN}
          strokeWidth={1.6}
          strokeLinecap="round"
        />
      );
    })}
  </g>
);

const moon = <path key="moon" d="M15.5 3.5a8 8 0 1 0 5 13.9A7 7 0 0 1 15.5 3.5Z" fill="#fbbf24" />;

/** A cloud whose base runs along y = 17 (small: the upper right, under a sun). */
const cloud = (fill: string, small = false) =>
  small ? (
    <path key="cloud" d="M9.5 19h9a3.5 3.5 0 0 0 .4-7 5 5 0 0 0-9.6 1.3A2.9 2.9 0 0 0 9.5 19Z" fill={fill} />
  ) : (
    <path key="cloud" d="M7 17h11a4 4 0 0 0 .5-8 6 6 0 0 0-11.5 1.6A3.3 3.3 0 0 0 7 17Z" fill={fill} />
  );

const drops = (n: number) => (
  <g key="drops" stroke={WATER} strokeWidth={1.8} strokeLinecap="round">
    {Array.from({ length: n }, (_, i) => {
      const x = 8 + i * (n === 2 ? 6 : 4);
      return <line key={i} x1={x} y1={19} x2={x - 1.2} y2={22.5} />;
    })}
  </g>
);

const flakes = (n: number) => (
  <g key="flakes" fill="#60a5fa">
    {Array.from({ length: n }, (_, i) => (
      <circle key={i} cx={8 + i * (n === 2 ? 6 : 4)} cy={20.5 + (i % 2)} r={1.3} />
    ))}
  </g>
);

const bolt = <path key="bolt" d="M12.5 16 9.5 20.5h3l-1.5 3.5 4.5-5.5h-3l1.5-2.5Z" fill="#eab308" />;

const fogLines = (
  <g key="fog" stroke={CLOUD_DARK} strokeWidth={1.8} strokeLinecap="round">
    <line x1={4} y1={9} x2={20} y2={9} />
    <line x1={6} y1={13} x2={18} y2={13} />
    <line x1={4} y1={17} x2={20} y2={17} />
  </g>
);

const DRAWINGS: Record<string, (night: boolean) => ReactNode[]> = {
  clear: (night) => [night ? moon : sun(12, 12, 4.5)],
  "mostly-clear": (night) => [night ? moon : sun(10, 10, 4), cloud(CLOUD, true)],
  "partly-cloudy": (night) => [night ? moon : sun(9, 8, 3.6), cloud(CLOUD, true)],
  overcast: () => [cloud(CLOUD)],
  fog: () => [fogLines],
  drizzle: () => [cloud(CLOUD), drops(2)],
  showers: (night) => [night ? moon : sun(8, 7, 3.2), cloud(CLOUD, true), drops(2)],
  rain: () => [cloud(CLOUD_DARK), drops(3)],
  "rain-heavy": () => [cloud("#475569"), drops(4)],
  sleet: () => [cloud(CLOUD_DARK), drops(2), flakes(1)],
  snow: () => [cloud(CLOUD), flakes(3)],
  "snow-heavy": () => [cloud(CLOUD_DARK), flakes(4)],
  thunderstorm: () => [cloud("#475569"), bolt],
};

/** The drawing for an icon name such as clear-day, partly-cloudy-night, rain (unknown: a thermometer). */
function drawing(icon: string): ReactNode[] {
  const night = /-night$/.test(icon);
  const base = icon.replace(/-(day|night)$/, "");
  const draw = DRAWINGS[base];
  if (draw) return draw(night);
  return [
    <g key="thermo" stroke={CLOUD_DARK} strokeWidth={1.6} fill="none">
      <path d="M10 4a2 2 0 0 1 4 0v10a4 4 0 1 1-4 0Z" />
      <circle cx={12} cy={17} r={1.6} fill="#ef4444" stroke="none" />
    </g>,
  ];
}

/** A condition as an inline SVG with its label for assistive technology (icons come as e.g. clear-day, rain). */
export function ConditionIcon({
  condition,
  className,
}: {
  condition: { icon: string; label: string } | null | undefined;
  className?: string;
}) {
  if (!condition) {
    return (
      <span className={className} aria-label="No forecast" role="img">
        –
      </span>
    );
  }
  return (
    <svg
      viewBox="0 0 24 24"
      role="img"
      aria-label={condition.label}
      className={`inline-block h-[1em] w-[1em] align-[-0.15em] ${className ?? ""}`}
      data-icon={condition.icon}
      data-testid="condition-icon"
    >
      <title>{condition.label}</title>
      {drawing(condition.icon)}
    </svg>
  );
}
