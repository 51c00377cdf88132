/**
 * Issue 44 item 2: a pure weather core and its I/O. lib/weather/core/ holds the rules (evaluation,
 * risk, advice, nowcast, presentation, route plan, types, response schemas): no database, HTTP or
 * provider module in their runtime imports. lib/weather/io/ holds what fetches and stores
 * (snapshots, providers, alert fetchers, simulations). The use cases that join both (get-current,
 * analyse-route, create-simulation, …) and the contracts stay in lib/weather/. Time-zone helpers
 * are general: lib/time/. Tests move with their files.
 */
const W = "lib/weather";
const files = (dir, names) => names.map((n) => `${dir}/${n}.ts`);

const CORE = [
  ...files(W, [
    "types",
    "evaluate-window",
    "hour-at",
    "nowcast",
    "present",
    "route-plan",
    "response-schemas",
    "feels-like-reported.test",
  ]),
  ...files(`${W}/risk`, [
    "alert-levels",
    "assess-risk",
    "assess-risk.test",
    "derived",
    "derived.test",
    "profiles",
    "recommendations",
    "supplements",
    "thresholds",
    "types",
  ]),
  ...files(`${W}/i18n`, [
    "advice",
    "advice.test",
    "condition-labels-more",
    "conditions",
    "languages.test",
    "locale-fidelity.test",
  ]),
  ...files(`${W}/i18n/advice`, ["de", "en", "es", "fr", "it", "ja", "nl", "pt-BR", "pt-PT"]),
].map((from) => [from, from.replace(`${W}/`, `${W}/core/`)]);

const IO = [
  ...files(`${W}/snapshots`, [
    "circuit",
    "circuit.test",
    "get-snapshot",
    "get-snapshot.test",
    "refresh-cell",
    "store",
    "upstream-budget",
    "upstream-budget.test",
  ]),
  ...files(`${W}/providers`, [
    "daily-from-hourly",
    "http",
    "open-meteo-supplements",
    "open-meteo",
    "open-meteo.test",
    "openweather",
    "openweather.test",
    "select",
    "simulated",
    "simulated.test",
    "types",
    "units-in",
    "upstream-settings",
  ]),
  ...files(`${W}/alerts`, [
    "cap",
    "cap.test",
    "met-norway",
    "meteoalarm",
    "nws",
    "official-alerts",
    "polygon-contains.test",
    "regions",
    "resolve-alerts",
  ]),
  ...files(W, ["simulations", "simulation-overlay", "simulation-overlay.test"]),
  ...files(`${W}/scenarios`, ["situations"]),
].map((from) => [from, from.replace(`${W}/`, `${W}/io/`)]);

const MOVES = [
  ...CORE,
  // Which cell a point falls in is a pure rule (the presentation reports its geohash).
  [`${W}/snapshots/cells.ts`, `${W}/core/cells.ts`],
  [`${W}/prune-snapshots.ts`, `${W}/io/snapshots/prune-snapshots.ts`],
  ...IO,
  // Injecting also makes the sandbox's watches due (issue 33): a use case spanning both, so it sits
  // with watches, which depend on weather (never the reverse).
  [`${W}/create-simulation.ts`, "lib/watches/create-simulation.ts"],
  [`${W}/time/zones.ts`, "lib/time/zones.ts"],
  [`${W}/time/zones.test.ts`, "lib/time/zones.test.ts"],
];

export default MOVES;
