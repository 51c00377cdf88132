/**
 * The weather I/O's surface for other areas (snapshots, providers, stored simulations). Outside
 * lib/weather, import it through here or lib/weather/index.ts only (lint: no-restricted-imports).
 */
export { normalizeOpenMeteo } from "./providers/open-meteo";
export { hourlyRows, mergeSupplements } from "./providers/open-meteo-supplements";
export { providerIdFor } from "./providers/select";
export { simulateForecast } from "./providers/simulated";
export { type SnapshotResult, getSnapshot, getSnapshots } from "./snapshots/get-snapshot";
export { pruneWeatherSnapshots } from "./snapshots/prune-snapshots";
export { snapshotCount } from "./snapshots/store";
