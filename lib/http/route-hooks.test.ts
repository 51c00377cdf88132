import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { none } from "@/lib/auth/strategies";
import { contract, defineRoute } from "./route";
import { routeHooks, setRouteHooks, type FinishedRequest } from "./route-hooks";

/**
 * The route helper's domain steps are hooks the composition root installs
 * (lib/registry/install-hooks.ts); this file imports lib/http directly and starts with none installed.
 */
const ping = contract({
  method: "GET",
  path: "/test/ping",
  summary: "ping",
  tags: ["test"],
  family: "api",
  auth: none(),
  responses: { 200: { description: "ok", schema: z.object({ ok: z.boolean() }) } },
});

describe("route hooks", () => {
  // Test files share a worker process (vitest isolate: false): another file may have installed the
  // real hooks already. Start from none, and leave the process as this file found it.
  let before: ReturnType<typeof routeHooks> | undefined;
  beforeAll(() => {
    try {
      before = routeHooks();
    } catch {
      before = undefined;
    }
    setRouteHooks(undefined);
  });
  afterAll(() => setRouteHooks(before));

  it("a route defined before the hooks are installed fails to load, naming the installer", () => {
    expect(() => routeHooks()).toThrow(/route hooks .* are not installed/);
    expect(() => defineRoute(ping, async () => ({ data: { ok: true } }))).toThrow(
      /defineRoute from @\/lib\/registry\/route.*lib\/registry\/install-hooks\.ts/,
    );
  });

  it("once installed, the route helper hands each finished request to the request-log hook", async () => {
    const logged: FinishedRequest[] = [];
    setRouteHooks({
      assertRoleMay: () => undefined,
      auditSuccess: async () => undefined,
      logRequest: (_req, finished) => logged.push(finished),
    });
    const route = defineRoute(ping, async () => ({ data: { ok: true } }));
    const res = await route(new Request("http://localhost/test/ping"));
    expect(res.status).toBe(200);
    expect(logged).toEqual([
      expect.objectContaining({ method: "GET", path: "/test/ping", status: 200, errorCode: null, billingUnits: 0 }),
    ]);
  });
});
