import { tripContracts } from "./contracts";
import { eventContracts } from "./events/event-contracts";
import { proposalContracts } from "./proposals/proposal-contracts";
import { tripWeatherContracts } from "./weather/trip-weather-contracts";
import { placeContracts } from "./place-contracts";

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
