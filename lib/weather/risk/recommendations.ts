import type { RiskProfile } from "./profiles";
import type { ReasonCode } from "./types";

type Texts = { activity: string; indoor: string; transport: string };

/** Plain-language advice per top reason, by what the person is doing. */
const TEXT: Record<ReasonCode, Texts> = {
  heavy_rain: {
    activity: "Move this activity indoors or reschedule it; heavy rain is expected.",
    indoor: "Plan a covered way there; heavy rain is expected around this time.",
    transport: "Allow extra time and slow down; heavy rain cuts grip and visibility.",
  },
  moderate_rain: {
    activity: "Bring waterproofs or pick a covered alternative.",
    indoor: "Take an umbrella for the way there.",
    transport: "Expect wet roads and slower traffic; allow a little extra time.",
  },
  rain_likely: {
    activity: "Rain is likely: bring a rain jacket or have an indoor backup.",
    indoor: "Take an umbrella for the way there.",
    transport: "Rain is likely on the way; allow a little extra time.",
  },
  strong_wind: {
    activity: "Avoid exposed places (ridges, piers, open water) and secure loose items.",
    indoor: "Damaging winds are possible on the way; check local advice before travelling.",
    transport: "Expect delays or cancellations; high-sided vehicles and boats are most affected.",
  },
  strong_gusts: {
    activity: "Stay away from trees and exposed places during the strongest gusts.",
    indoor: "Damaging gusts are possible on the way; check local advice before travelling.",
    transport: "Sudden gusts can push vehicles; slow down and check for service changes.",
  },
  heat: {
    activity: "Do it early or late in the day, drink water often and rest in the shade.",
    indoor: "Stay in air-conditioned places and limit time outdoors on the way.",
    transport: "Carry water and avoid long waits in the sun.",
  },
  cold: {
    activity: "Dress in layers and cover exposed skin; limit time outside.",
    indoor: "Dress warmly for the way there; exposed skin can freeze quickly.",
    transport: "Carry warm clothing in case of delays or breakdowns.",
  },
  uv_high: {
    activity: "Use sunscreen, a hat and sunglasses, and seek shade around midday.",
    indoor: "Use sun protection on the way there.",
    transport: "Use sun protection while waiting outdoors.",
  },
  low_visibility: {
    activity: "Stay on marked paths; visibility will be poor.",
    indoor: "Take care on the way there; visibility will be poor.",
    transport: "Fog: use low beams, keep more distance and expect delays.",
  },
  thunderstorm: {
    activity: "When thunder roars, go indoors: postpone outdoor plans during the storm.",
    indoor: "Time your trip there around the storm.",
    transport: "Storms may delay services; avoid travelling during the storm if you can.",
  },
  snow: {
    activity: "Wear suitable footwear and expect slower progress in snow.",
    indoor: "Allow extra time to get there in snow.",
    transport: "Snow expected: allow much more time and check for cancellations.",
  },
  ice: {
    activity: "Icy surfaces: wear grippy footwear or postpone.",
    indoor: "Icy surfaces on the way: take care or use a taxi.",
    transport: "Ice: avoid driving if you can; otherwise slow down and keep your distance.",
  },
  severe_alert: {
    activity: "A severe weather alert is in effect: follow official advice and postpone outdoor plans.",
    indoor: "A severe weather alert is in effect: follow official advice before travelling.",
    transport: "A severe weather alert is in effect: check official advice and your operator before leaving.",
  },
  weather_alert: {
    activity: "A weather alert is in effect: check the details before you go.",
    indoor: "A weather alert is in effect: check the details before you go.",
    transport: "A weather alert is in effect: check the details and your operator before leaving.",
  },
  outside_forecast_horizon: {
    activity: "No forecast yet for this time; check again closer to the date.",
    indoor: "No forecast yet for this time; check again closer to the date.",
    transport: "No forecast yet for this time; check again closer to the date.",
  },
};

export function recommendationFor(code: ReasonCode, profile: RiskProfile): string {
  return TEXT[code][profile.kind];
}
