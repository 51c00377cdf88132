import type { InngestFunction } from "inngest";

/** Every Inngest function, served at /api/inngest. Each function file adds one line. */
export const functions: InngestFunction.Any[] = [];
