import { accountContracts } from "@/lib/accounts/contracts";
import { teamContracts } from "@/lib/accounts/team-contracts";
import { billingContracts } from "@/lib/billing/contracts";
import { keyContracts } from "@/lib/auth/contracts";
import { emailAuthContracts } from "@/lib/accounts/email-contracts";
import { platformContracts } from "@/lib/registry/platform-contracts";
import { watchContracts } from "@/lib/watches/contracts";
import { webhookContracts } from "@/lib/webhooks/contracts";
import { eventContracts } from "@/lib/webhooks/event-contracts";
import { manageContracts } from "@/lib/webhooks/manage-contracts";
import { requestContracts } from "@/lib/requests/contracts";
import { auditContracts } from "@/lib/audit/contracts";
import { visaContracts, visaKeyContracts } from "@/lib/visa/contracts";
import { tripApiContracts } from "@/lib/trips/all-contracts";
import { weatherContracts } from "@/lib/weather/contracts";
import { notificationContracts } from "@/lib/notifications/contracts";
import type { RouteContract } from "@/lib/http/contract";

/** Every public route contract, for the OpenAPI document. Each area adds one line. */
export function allContracts(): RouteContract<any, any, any, any, any>[] {
  return [
    ...Object.values(platformContracts),
    ...Object.values(accountContracts),
    ...Object.values(teamContracts),
    ...Object.values(emailAuthContracts),
    ...Object.values(keyContracts),
    ...Object.values(billingContracts),
    ...Object.values(watchContracts),
    ...Object.values(webhookContracts),
    ...Object.values(eventContracts),
    ...Object.values(manageContracts),
    ...Object.values(requestContracts),
    ...Object.values(auditContracts),
    ...Object.values(visaContracts),
    ...Object.values(visaKeyContracts),
    ...tripApiContracts(),
    ...Object.values(weatherContracts),
    ...Object.values(notificationContracts),
  ];
}
