import type { AdminCommand } from "./types";
import { watchCommands } from "./watches";
import { accountCommands } from "./accounts";
import { billingCommands } from "./billing";
import { jobCommands } from "./jobs";
import { webhookCommands } from "./webhooks";
import { visaCommands } from "./visa";
import { tripCommands } from "./trips";
import { weatherCommands } from "./weather";

/** Every admin command. Each area adds one spread line. */
export const commands: Record<string, AdminCommand<any>> = {
  ...accountCommands,
  ...billingCommands,
  ...jobCommands,
  ...webhookCommands,
  ...tripCommands,
  ...watchCommands,
  ...visaCommands,
  ...weatherCommands,
};
