import type { AdminCommand } from "./types";
import { accountCommands } from "./accounts";

/** Every admin command. Each area adds one spread line. */
export const commands: Record<string, AdminCommand<any>> = {
  ...accountCommands,
};
