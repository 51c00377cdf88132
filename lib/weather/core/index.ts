/**
 * The weather core's public surface (pure rules: no database, HTTP or provider at run time; see
 * lib/planner/import-closure.test.ts). Outside lib/weather, import the core through here only (lint:
 * no-restricted-imports in eslint.config.mjs).
 */
export { type Cell, cellFor } from "./cells";
export { evaluateWindow, hoursIn } from "./evaluate-window";
export { conditionFor } from "./i18n/conditions";
export { combinedStatus, temperatureIn } from "./present";
export { activityProfile } from "./risk/profiles";
export { SEA } from "./risk/thresholds";
export { LEVEL_RANK, type ReasonCode, type Risk, type RiskLevel, maxLevel } from "./risk/types";
export { MODE_SPEED_KMH, planRoute } from "./route-plan";
export { type AccountEnvironmentName, type HourlyPoint, type NormalizedForecast, type Units } from "./types";
