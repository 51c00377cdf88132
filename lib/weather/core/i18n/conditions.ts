/**
 * Our own condition table keyed by WMO 4677 weather code (the subset Open-Meteo
 * documents at https://open-meteo.com/en/docs, "WMO Weather interpretation codes").
 * Labels: en, de, fr, es here; it, pt-BR, pt-PT, ja, nl in condition-labels-more.ts.
 */
import type { Language } from "@/lib/i18n/languages";
import { MORE_CONDITION_LABELS, type MoreLanguage } from "./condition-labels-more";

type BaseLanguage = "en" | "de" | "fr" | "es";

interface ConditionRow {
  code: string;
  icon: string;
  labels: Record<BaseLanguage, string>;
}

const T = (code: string, icon: string, en: string, de: string, fr: string, es: string): ConditionRow => ({
  code,
  icon,
  labels: { en, de, fr, es },
});

const WMO: Record<number, ConditionRow> = {
  0: T("clear", "clear", "Clear sky", "Klarer Himmel", "Ciel dégagé", "Cielo despejado"),
  1: T("mainly_clear", "mostly-clear", "Mainly clear", "Überwiegend klar", "Plutôt dégagé", "Mayormente despejado"),
  2: T(
    "partly_cloudy",
    "partly-cloudy",
    "Partly cloudy",
    "Teilweise bewölkt",
    "Partiellement nuageux",
    "Parcialmente nublado",
  ),
  3: T("overcast", "overcast", "Overcast", "Bedeckt", "Couvert", "Cubierto"),
  45: T("fog", "fog", "Fog", "Nebel", "Brouillard", "Niebla"),
  48: T("rime_fog", "fog", "Depositing rime fog", "Reifnebel", "Brouillard givrant", "Niebla con escarcha"),
  51: T("drizzle_light", "drizzle", "Light drizzle", "Leichter Nieselregen", "Bruine légère", "Llovizna ligera"),
  53: T(
    "drizzle_moderate",
    "drizzle",
    "Moderate drizzle",
    "Mäßiger Nieselregen",
    "Bruine modérée",
    "Llovizna moderada",
  ),
  55: T("drizzle_dense", "drizzle", "Dense drizzle", "Starker Nieselregen", "Bruine dense", "Llovizna intensa"),
  56: T(
    "freezing_drizzle_light",
    "sleet",
    "Light freezing drizzle",
    "Leichter gefrierender Nieselregen",
    "Bruine verglaçante légère",
    "Llovizna helada ligera",
  ),
  57: T(
    "freezing_drizzle_dense",
    "sleet",
    "Dense freezing drizzle",
    "Starker gefrierender Nieselregen",
    "Bruine verglaçante dense",
    "Llovizna helada intensa",
  ),
  61: T("rain_slight", "rain", "Slight rain", "Leichter Regen", "Pluie faible", "Lluvia ligera"),
  63: T("rain_moderate", "rain", "Moderate rain", "Mäßiger Regen", "Pluie modérée", "Lluvia moderada"),
  65: T("rain_heavy", "rain-heavy", "Heavy rain", "Starker Regen", "Forte pluie", "Lluvia intensa"),
  66: T(
    "freezing_rain_light",
    "sleet",
    "Light freezing rain",
    "Leichter gefrierender Regen",
    "Pluie verglaçante légère",
    "Lluvia helada ligera",
  ),
  67: T(
    "freezing_rain_heavy",
    "sleet",
    "Heavy freezing rain",
    "Starker gefrierender Regen",
    "Forte pluie verglaçante",
    "Lluvia helada intensa",
  ),
  71: T("snow_slight", "snow", "Slight snowfall", "Leichter Schneefall", "Chute de neige faible", "Nevada ligera"),
  73: T(
    "snow_moderate",
    "snow",
    "Moderate snowfall",
    "Mäßiger Schneefall",
    "Chute de neige modérée",
    "Nevada moderada",
  ),
  75: T("snow_heavy", "snow-heavy", "Heavy snowfall", "Starker Schneefall", "Forte chute de neige", "Nevada intensa"),
  77: T("snow_grains", "snow", "Snow grains", "Schneegriesel", "Neige en grains", "Granos de nieve"),
  80: T(
    "rain_showers_slight",
    "showers",
    "Slight rain showers",
    "Leichte Regenschauer",
    "Averses de pluie faibles",
    "Chubascos ligeros",
  ),
  81: T(
    "rain_showers_moderate",
    "showers",
    "Moderate rain showers",
    "Mäßige Regenschauer",
    "Averses de pluie modérées",
    "Chubascos moderados",
  ),
  82: T(
    "rain_showers_violent",
    "rain-heavy",
    "Violent rain showers",
    "Heftige Regenschauer",
    "Averses de pluie violentes",
    "Chubascos violentos",
  ),
  85: T(
    "snow_showers_slight",
    "snow",
    "Slight snow showers",
    "Leichte Schneeschauer",
    "Averses de neige faibles",
    "Chubascos de nieve ligeros",
  ),
  86: T(
    "snow_showers_heavy",
    "snow-heavy",
    "Heavy snow showers",
    "Starke Schneeschauer",
    "Fortes averses de neige",
    "Chubascos de nieve intensos",
  ),
  95: T("thunderstorm", "thunderstorm", "Thunderstorm", "Gewitter", "Orage", "Tormenta"),
  96: T(
    "thunderstorm_slight_hail",
    "thunderstorm",
    "Thunderstorm with slight hail",
    "Gewitter mit leichtem Hagel",
    "Orage avec grêle faible",
    "Tormenta con granizo ligero",
  ),
  99: T(
    "thunderstorm_heavy_hail",
    "thunderstorm",
    "Thunderstorm with heavy hail",
    "Gewitter mit starkem Hagel",
    "Orage avec forte grêle",
    "Tormenta con granizo fuerte",
  ),
};

const UNKNOWN = T("unknown", "unknown", "Unknown", "Unbekannt", "Inconnu", "Desconocido");

export interface Condition {
  code: string;
  label: string;
  icon: string;
}

/** Condition for a WMO code; day/night icon variants for clear and partly cloudy skies. */
export function conditionFor(
  wmo: number | null | undefined,
  language: Language,
  isDay: boolean | null = true,
): Condition {
  const row = (wmo != null && WMO[wmo]) || UNKNOWN;
  const nightable = row.icon === "clear" || row.icon === "mostly-clear" || row.icon === "partly-cloudy";
  const icon = nightable ? `${row.icon}-${isDay === false ? "night" : "day"}` : row.icon;
  const label =
    language in row.labels
      ? row.labels[language as BaseLanguage]
      : MORE_CONDITION_LABELS[language as MoreLanguage][row.code];
  return { code: row.code, label, icon };
}

/** The WMO 4677 codes of the condition table (documented as the closed set simulations accept). */
export const KNOWN_WMO_CODES = (): number[] => Object.keys(WMO).map(Number);

export function isKnownWmoCode(code: number): boolean {
  return code in WMO;
}

/** Every condition code of the table (the label catalogues are tested against it). */
export const CONDITION_CODES = (): string[] => [...Object.values(WMO).map((r) => r.code), UNKNOWN.code];
