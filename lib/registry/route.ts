import { defineRoute } from "@/lib/http/route";
import { installRouteHooks } from "./install-hooks";

/**
 * The route helper as adapters use it: app/ route files import defineRoute from here, never from
 * lib/http/route, so the domain hooks it needs (./install-hooks.ts) are installed by the same
 * import that defines the route, in every bundle and in tests that call routes in process.
 */
installRouteHooks();

export { defineRoute };
