import type { PollTask } from "./local-runner";

/** Every kind of background work, in the order a pass runs them. Each area adds its tasks. */
export function localTasks(): PollTask[] {
  return [];
}
