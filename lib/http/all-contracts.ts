import { accountContracts } from "@/lib/accounts/contracts";
import { keyContracts } from "@/lib/auth/contracts";
import { platformContracts } from "@/lib/platform/contracts";
import type { RouteContract } from "./route";

/** Every public route contract, for the OpenAPI document. Each area adds one line. */
export function allContracts(): RouteContract<any, any, any, any>[] {
  return [
    ...Object.values(platformContracts),
    ...Object.values(accountContracts),
    ...Object.values(keyContracts),
  ];
}
