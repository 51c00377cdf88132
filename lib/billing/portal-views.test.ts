import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { RouteMap } from "@/components/playground/route-map";
import { ResponseView } from "@/components/playground/response-view";
import { routeSegments, overallRisk } from "@/components/playground/risk";
import { UsageMeter } from "@/components/billing/usage-meter";
import { estimateCall, verdictFor } from "@/components/playground/estimate";
import { curlSnippet, fetchSnippet } from "@/components/playground/snippets";
import { isOurHeader } from "@/components/playground/run-call";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { UsagePanel } from "@/components/billing/usage-panel";
import { PlaygroundPanel } from "@/components/playground/playground-panel";
import { pointQueryString, DEFAULT_POINT, timelineExample, routeExample } from "@/components/playground/examples";

// The portal's pure views, rendered to HTML (the pages around them are exercised by e2e/billing.spec.ts).
const routeBody = {
  data: {
    transport_mode: "car",
    segments: [
      {
        index: 0,
        start_point: { lat: 48.85, lng: 2.35 },
        end_point: { lat: 49.0, lng: 2.0 },
        risk: { level: "low", reasons: [] },
      },
      {
        index: 1,
        start_point: { lat: 49.0, lng: 2.0 },
        end_point: { lat: 49.2, lng: 1.5 },
        risk: { level: "watch", reasons: [{ code: "rain_likely" }] },
      },
      {
        index: 2,
        start_point: { lat: 49.2, lng: 1.5 },
        end_point: { lat: 49.44, lng: 1.1 },
        risk: { level: "warning", reasons: [{ code: "heavy_rain" }] },
      },
    ],
    overall_risk: {
      level: "warning",
      reasons: [{ code: "heavy_rain", level: "warning", message: "Heavy rain expected" }],
      recommendation: "Delay the trip.",
      main_issue: "heavy_rain",
    },
  },
  meta: {},
};

describe("playground views", () => {
  it("draws each route segment as an SVG line coloured by its risk level, inside the view box", () => {
    const html = renderToStaticMarkup(createElement(RouteMap, { segments: routeSegments(routeBody) }));
    const lines = [
      ...html.matchAll(
        /<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)" stroke="(#[0-9a-f]+)"[^>]*data-risk="(\w+)"/g,
      ),
    ];
    expect(lines.map((l) => [l[6], l[5]])).toEqual([
      ["low", "#059669"],
      ["watch", "#d97706"],
      ["warning", "#dc2626"],
    ]);
    for (const l of lines) for (const i of [1, 3]) expect(Number(l[i])).toBeLessThanOrEqual(640);
    // Consecutive segments join: each end is the next start.
    expect([lines[0][3], lines[0][4]]).toEqual([lines[1][1], lines[1][2]]);
    expect(html).toContain("Segment 2: warning (heavy_rain)");
  });

  it("shows status, highlighted rate-limit headers and the overall risk", () => {
    const html = renderToStaticMarkup(
      createElement(ResponseView, {
        call: {
          id: 1,
          at: "2026-11-23T10:00:00Z",
          keyName: "ci",
          method: "POST",
          url: "/v1/weather/route",
          status: 200,
          ms: 12,
          headers: [["x-ratelimit-remaining", "41"]],
          body: routeBody,
        },
      }),
    );
    expect(html).toContain("HTTP 200");
    expect(html).toContain("x-ratelimit-remaining");
    expect(html).toContain("Delay the trip.");
    expect(html).toContain("Main issue: heavy_rain");
    expect(overallRisk({ data: { summary: { overall_risk: "watch", main_issue: "rain_likely" } } })).toMatchObject({
      level: "watch",
      mainIssue: "rain_likely",
    });
  });

  it("meters say 'not included' for a limit of 0 and give numbers otherwise", () => {
    expect(
      renderToStaticMarkup(
        createElement(UsageMeter, { label: "Route calls", hint: "h", value: { limit: 0, used: 0, remaining: 0 } }),
      ),
    ).toContain("Not included in your plan");
    const html = renderToStaticMarkup(
      createElement(UsageMeter, { label: "Requests", hint: "h", value: { limit: 1000, used: 250, remaining: 750 } }),
    );
    expect(html).toContain("250 of 1,000");
    expect(html).toContain('aria-valuenow="250"');
  });

  it("estimates the bill before sending and says when the plan refuses it", () => {
    const route = estimateCall("route", DEFAULT_POINT, JSON.parse(routeExample()));
    expect(route).toMatchObject({ requests: 1, routeCalls: 1 });
    expect(route!.units % 3).toBe(0);
    expect(route!.units).toBeGreaterThanOrEqual(3);
    const dim = (limit: number, used = 0) => ({ limit, used, remaining: Math.max(0, limit - used) });
    const usage = (plan: "free" | "starter", routeLimit: number, routeUsed = 0) => ({
      plan,
      environment: "production" as const,
      is_internal: false,
      period: { start: "2026-11-01T00:00:00Z", end: "2026-12-01T00:00:00Z" },
      limits: {
        requests_per_month: 1000,
        timeline_items_per_month: 100,
        route_calls_per_month: routeLimit,
        active_watches: 0,
      },
      usage: {
        requests: dim(1000),
        timeline_items: dim(100),
        route_calls: dim(routeLimit, routeUsed),
        active_watches: dim(0),
      },
    });
    expect(verdictFor(route!, usage("free", 0))).toEqual({
      ok: false,
      kind: "not_included",
      dimension: "route_calls",
      plan: "free",
      upgradeTo: "starter",
    });
    expect(verdictFor(route!, usage("starter", 1000, 1000))).toMatchObject({
      ok: false,
      kind: "quota",
      dimension: "route_calls",
    });
    expect(verdictFor(route!, usage("starter", 1000))).toEqual({ ok: true });
    expect(estimateCall("timeline", DEFAULT_POINT, JSON.parse(timelineExample()))).toMatchObject({
      units: 6,
      timelineItems: 3,
    });
    expect(estimateCall("forecast", { ...DEFAULT_POINT, granularity: "hourly" }, undefined)).toMatchObject({
      units: 2,
    });
  });

  it("copies the exact request as curl and fetch, keeps only our headers, and builds valid examples", () => {
    const input = {
      origin: "https://api.example",
      method: "POST",
      url: "/v1/weather/route",
      body: '{"a":"it\'s"}',
      keyName: "ci",
      keyPrefix: "svc_AbCd",
    };
    const curl = curlSnippet(input);
    expect(curl).toContain("curl -sS -X POST 'https://api.example/v1/weather/route'");
    expect(curl).toContain('-H "Authorization: Bearer $SKYCAST_API_KEY"');
    expect(curl).toContain(`"a": "it'\\''s"`); // single quotes survive shell quoting
    expect(fetchSnippet(input)).toContain('fetch("https://api.example/v1/weather/route"');
    expect(fetchSnippet(input)).toContain('"Content-Type": "application/json"');
    expect(
      ["x-request-id", "x-ratelimit-remaining", "x-cache-status", "x-weather-snapshot-id", "retry-after"].every(
        isOurHeader,
      ),
    ).toBe(true);
    expect(["x-powered-by", "x-nextjs-cache", "vary", "date", "connection"].some(isOurHeader)).toBe(false);
    expect(pointQueryString("forecast", DEFAULT_POINT)).toBe(
      "lat=48.8566&lng=2.3522&days=3&granularity=daily&units=metric&language=en",
    );
    expect(JSON.parse(timelineExample()).items).toHaveLength(3);
    expect(JSON.parse(routeExample()).transport_mode).toBe("car");
  });
});

describe("portal panels render with data", () => {
  const withData = (entries: Array<[readonly unknown[], unknown]>, el: ReturnType<typeof createElement>) => {
    const client = new QueryClient();
    for (const [k, v] of entries) client.setQueryData(k, v);
    return renderToStaticMarkup(createElement(QueryClientProvider, { client }, el));
  };

  it("the usage panel shows plan, period, four meters, the chart section and the cap rules", () => {
    const usage = {
      data: {
        plan: "starter",
        environment: "sandbox",
        is_internal: false,
        period: { start: "2026-11-01T00:00:00.000Z", end: "2026-12-01T00:00:00.000Z" },
        limits: {},
        usage: {
          requests: { limit: 25000, used: 12, remaining: 24988 },
          timeline_items: { limit: 10000, used: 40, remaining: 9960 },
          route_calls: { limit: 1000, used: 1000, remaining: 0 },
          active_watches: { limit: 500, used: 3, remaining: 497 },
        },
      },
      meta: {},
    };
    const daily = {
      data: {
        month: "2026-11",
        period: usage.data.period,
        endpoints: ["weather.timeline"],
        days: [{ date: "2026-11-01", total_units: 80, by_endpoint: { "weather.timeline": 80 } }],
      },
      meta: {},
    };
    const html = withData(
      [
        [["usage"], usage],
        [["usage", "daily"], daily],
      ],
      createElement(UsagePanel),
    );
    expect(html.match(/role="meter"/g)).toHaveLength(4);
    expect(html).toContain("starter");
    expect(html).toContain("sandbox");
    expect(html).toContain("1,000 of 1,000");
    expect(html).toContain("What happens at the cap");
    expect(html).toContain("429 rate_limit_exceeded");
    expect(html).toContain("weather.timeline");
  });

  it("the playground renders its key picker and the four endpoints", () => {
    const html = withData(
      [
        [
          ["developer", "keys"],
          [
            {
              id: 1,
              name: "ci",
              keyPrefix: "svc_AbCd1234",
              scopes: ["weather:read"],
              createdAt: "",
              lastUsedAt: null,
              expiresAt: null,
            },
          ],
        ],
      ],
      createElement(PlaygroundPanel),
    );
    for (const label of ["Current", "Forecast", "Timeline", "Route"]) expect(html).toContain(`>${label}</button>`);
    expect(html).toContain("ci (svc_AbCd1234…)");
    expect(html).not.toContain('type="password"');
  });
});
