// One file per area; each area adds one line here.
export * from "./accounts";
export * from "./auth";
export * from "./watches";
export * from "./trips";
export * from "./webhooks";
export * from "./billing";
export * from "./visa";
export * from "./weather";
export * from "./audit";
export * from "./requests";
export * from "./idempotency";
export * from "./mail";
export * from "./oauth";
export * from "./notifications";
