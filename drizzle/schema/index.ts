// One file per area; each area adds one line here.
export * from "./accounts";
export * from "./auth";
