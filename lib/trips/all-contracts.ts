import { tripContracts } from "./contracts";
import { eventContracts } from "./event-contracts";
import { placeContracts } from "./place-contracts";
import { proposalContracts } from "./proposal-contracts";
import { tripWeatherContracts } from "./trip-weather-contracts";

/** Trips area contracts for the OpenAPI document. */
export function tripApiContracts() {
  return [
    ...Object.values(tripContracts),
    ...Object.values(proposalContracts),
    ...Object.values(eventContracts),
    ...Object.values(tripWeatherContracts),
    ...Object.values(placeContracts),
  ];
}
