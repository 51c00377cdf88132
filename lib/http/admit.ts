import { connection } from "next/server";

/**
 * Every route's first step (docs/decisions/0007-admission.md).
 *
 * Marks the route dynamic under Next (never prerendered at build; outside a Next request scope,
 * as in tests and the bench harness, there is nothing to mark), then yields once to the event
 * loop's check phase (`setImmediate`): the handler starts after every request that arrived in
 * the same poll has been parsed and routed, instead of each request running to its response
 * before the next one is read. Under load that batches the same code paths together; measured
 * on the production build at 64 connections, a route with no I/O of its own went from ~810 to
 * ~500 us of CPU per request. Idle, it costs one loop turn (microseconds).
 */
export async function admit(): Promise<void> {
  try {
    await connection();
  } catch {
    /* outside a Next request scope */
  }
  await new Promise<void>((resolve) => setImmediate(resolve));
}
