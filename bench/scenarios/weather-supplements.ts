import { startOpenMeteoStandIn } from "../open-meteo-stand-in";
import type { BenchScenario, LoadResult } from "../types";

/**
 * Issue 31: GET /v1/weather/current with minutely and air quality vs without, in the same run and
 * on the same server. The simulated provider (the other scenarios') always has minutely and has no
 * air quality of its own, so this scenario starts a second server of the build (ctx.startVariant,
 * same database) on the real Open-Meteo adapter with the air-quality supplement
 * (WEATHER_SUPPLEMENTS=air_quality), both pointed at a loopback stand-in (bench/open-meteo-stand-in.ts)
 * that serves minutely_15 and air-quality hours for one point and neither for another. Both cells
 * are warm (one upstream fetch each, then snapshots); loads alternate W O O W so drift cancels.
 * The row's ratio is with / without (target: no drop below 0.9, i.e. the supplements cost < 10 %).
 */
const WITH = { lat: 48.8566, lng: 2.3522 };
const WITHOUT = { lat: 45.764, lng: 4.8357 };
const path = (p: { lat: number; lng: number }) => `/v1/weather/current?lat=${p.lat}&lng=${p.lng}&activity_type=hiking`;
const TARGET = 0.9;

export const scenarios: BenchScenario[] = [
  {
    name: "weather: current with minutely and air quality vs without (Open-Meteo adapter, stand-in upstream)",
    async run(ctx) {
      if (!ctx.startVariant) throw new Error("needs the Postgres pass (a second server)");
      const standIn = await startOpenMeteoStandIn([WITH]);
      const dev = await ctx.newDeveloper("pro");
      const headers = { authorization: `Bearer ${dev.key}` };
      const variant = await ctx.startVariant({
        WEATHER_PROVIDER: "open-meteo",
        OPEN_METEO_BASE_URL: standIn.baseUrl,
        OPEN_METEO_AIR_QUALITY_BASE_URL: standIn.baseUrl,
        WEATHER_SUPPLEMENTS: "air_quality",
        WEATHER_ALERT_SOURCES: "none",
      });
      try {
        const first = async (p: { lat: number; lng: number }) => {
          const r = await fetch(variant.baseUrl + path(p), { headers });
          const body = (await r.json()) as {
            data?: { minutely: unknown; nowcast: unknown; current: { air_quality: unknown } };
          };
          if (!r.ok || !body.data)
            throw new Error(`warm-up failed: HTTP ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
          return body.data;
        };
        const w = await first(WITH);
        const o = await first(WITHOUT);
        ctx.check(
          "supplements: the 'with' point carries minutely, a nowcast and air quality; the 'without' point none of them",
          w.minutely !== null &&
            w.nowcast !== null &&
            w.current.air_quality !== null &&
            o.minutely === null &&
            o.current.air_quality === null,
          `with: minutely ${w.minutely !== null}, nowcast ${JSON.stringify(w.nowcast)}, air ${w.current.air_quality !== null}; without: minutely ${o.minutely !== null}, air ${o.current.air_quality !== null}`,
        );
        const withRuns: LoadResult[] = [];
        const withoutRuns: LoadResult[] = [];
        const seconds = Number(process.env.BENCH_SECONDS ?? 10);
        const run = (p: { lat: number; lng: number }, title: string) =>
          variant.load({ title, path: path(p), headers, durationSeconds: seconds });
        withRuns.push(await run(WITH, "with"));
        withoutRuns.push(await run(WITHOUT, "without"));
        withoutRuns.push(await run(WITHOUT, "without"));
        withRuns.push(await run(WITH, "with"));
        const mean = (rs: LoadResult[]) => rs.reduce((a, r) => a + r.rps, 0) / rs.length;
        const sum = (rs: LoadResult[], f: (r: LoadResult) => number) => rs.reduce((a, r) => a + f(r), 0);
        const a = mean(withRuns);
        const b = mean(withoutRuns);
        const row = (
          rs: LoadResult[],
          title: string,
          extra: { target?: number; baseline?: number; ratio?: number; note: string },
        ) =>
          ctx.record({
            title,
            rps: Math.round(mean(rs)),
            p50: +(sum(rs, (r) => r.p50) / rs.length).toFixed(1),
            p99: Math.max(...rs.map((r) => r.p99)),
            non2xx: sum(rs, (r) => r.non2xx),
            errors: sum(rs, (r) => r.errors),
            requests: sum(rs, (r) => r.requests),
            ...extra,
          });
        // Both rows' ratio column is to the 'without' figure of the same run (not to healthz).
        row(withoutRuns, "GET /v1/weather/current without minutely/air quality (variant)", {
          baseline: Math.round(b),
          note: "reference for the row below",
        });
        row(withRuns, "GET /v1/weather/current with minutely + air quality (variant)", {
          target: TARGET,
          baseline: Math.round(b),
          note: "ratio = with / without, same server, same run",
        });
        const ratio = Math.round((a / b) * 100) / 100;
        const non2xx = sum(withRuns.concat(withoutRuns), (r) => r.non2xx + r.errors);
        ctx.check(
          `supplements: current with minutely and air quality ≥ ${TARGET} of without`,
          ratio >= TARGET && non2xx === 0,
          `${ratio} (${Math.round(a)} vs ${Math.round(b)} req/s, non-2xx ${non2xx})`,
        );
        return {
          "with / without req/s": ratio,
          "rounds with/without": `${withRuns.map((r) => r.rps).join(",")} / ${withoutRuns.map((r) => r.rps).join(",")}`,
          "upstream fetches (forecast, air quality)": `${standIn.requests.get("/v1/forecast") ?? 0}, ${standIn.requests.get("/v1/air-quality") ?? 0}`,
        };
      } finally {
        await variant.stop();
        await standIn.close();
      }
    },
  },
];
