import type { z } from "zod";

export interface AdminCommand<S extends z.ZodType = z.ZodType> {
  summary: string;
  /** Flags as parsed from --name value (kebab-case names become camelCase keys). */
  flags: S;
  run(flags: z.output<S>): Promise<Record<string, unknown>>;
}

export function command<S extends z.ZodType>(c: AdminCommand<S>): AdminCommand<S> {
  return c;
}
