import { env } from "@/lib/env";

/** Background work runs on Inngest when it is configured, else on the local runner. */
export function inngestEnabled(): boolean {
  const e = env();
  return Boolean(e.INNGEST_EVENT_KEY || e.INNGEST_DEV);
}
