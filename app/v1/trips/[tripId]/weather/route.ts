import { defineRoute } from "@/lib/registry/route";
import { getTripWeather, tripWeatherJson } from "@/lib/trips/weather/get-trip-weather";
import { tripWeatherContracts } from "@/lib/trips/weather/trip-weather-contracts";
import { callerAccount, headOf } from "@/lib/trips/weather/meter-trip-weather";

export const GET = defineRoute(tripWeatherContracts.tripWeather, async (ctx) => {
  const account = await callerAccount(ctx);
  const weather = await getTripWeather(ctx.params.tripId, ctx.principal.userId, {
    environment: account?.environment ?? "production",
    units: ctx.query.units,
    language: ctx.query.language,
    billed: ctx.principal.type !== "session",
    head: headOf(ctx.req),
  });
  // The negotiated language of the answer's texts (issue 39), as the weather endpoints say it.
  const headers: Record<string, string> = {
    "Content-Language": weather.language,
    ...(weather.cache_status ? { "X-Cache-Status": weather.cache_status } : {}),
  };
  return { data: tripWeatherJson(weather), headers };
});
