import { tripContracts } from "./contracts";
import { eventContracts } from "./event-contracts";
import { proposalContracts } from "./proposal-contracts";

/** Trips area contracts for the OpenAPI document. */
export function tripApiContracts() {
  return [...Object.values(tripContracts), ...Object.values(proposalContracts), ...Object.values(eventContracts)];
}
