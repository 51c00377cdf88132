import { readdirSync } from "node:fs";
import path from "node:path";
import type { RouteFunction } from "@/lib/http/contract";
import type { Handler } from "@/lib/http/testing/call-route";

/**
 * The app's route handlers by "METHOD /path" (OpenAPI-style path), found from the app/ folders.
 * Tests under lib/ reach route handlers only through this one registry, never by importing app/:
 * `const keys = await routeModule("/api/developer/keys")` then `call(keys.GET, …)`; tests that
 * walk every documented operation (examples, fuzz) use `routeHandlers()`.
 */
const APP = path.resolve(import.meta.dirname, "../../app");
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Every folder under app/ holding a route.ts. */
export function routeFolders(dir = APP): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFolders(full));
    else if (entry.name === "route.ts") out.push(dir);
  }
  return out;
}

/** app/v1/trips/[tripId]/ops -> /v1/trips/{tripId}/ops (route groups "(x)" are not in the URL). */
export function urlPathOf(folder: string): string {
  const parts = path
    .relative(APP, folder)
    .split(path.sep)
    .filter((s) => !/^\(.*\)$/.test(s));
  return "/" + parts.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/");
}

type Method = (typeof METHODS)[number];

/** A route file's handlers by method; reading a method the file does not export throws. */
export type RouteModule = Readonly<Record<Method, RouteFunction>>;

let folders: Map<string, string> | undefined;

function folderOf(urlPath: string): string {
  folders ??= new Map(routeFolders().map((f) => [urlPathOf(f), f]));
  const folder = folders.get(urlPath);
  if (!folder) throw new Error(`No app route for ${urlPath} (OpenAPI-style path, e.g. /v1/trips/{tripId}/ops).`);
  return folder;
}

/** The handlers of one app route, by its OpenAPI-style path (loads only that route file). */
export async function routeModule(urlPath: string): Promise<RouteModule> {
  const mod = { ...((await import(path.join(folderOf(urlPath), "route.ts"))) as Record<string, unknown>) };
  return new Proxy(mod, {
    get(target, key) {
      if (
        typeof key === "string" &&
        (METHODS as readonly string[]).includes(key) &&
        typeof target[key] !== "function"
      ) {
        throw new Error(`${key} ${urlPath} is not a route of the app.`);
      }
      return target[key as string];
    },
  }) as unknown as RouteModule;
}

let cache: Promise<Map<string, Handler>> | undefined;

export function routeHandlers(): Promise<Map<string, Handler>> {
  cache ??= (async () => {
    const map = new Map<string, Handler>();
    for (const folder of routeFolders()) {
      const mod = (await import(path.join(folder, "route.ts"))) as Record<string, unknown>;
      for (const m of METHODS)
        if (typeof mod[m] === "function") map.set(`${m} ${urlPathOf(folder)}`, mod[m] as Handler);
    }
    return map;
  })();
  return cache;
}
