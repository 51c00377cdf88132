import { DateTime } from "luxon";
import { resolveLanguage, type Language } from "@/lib/i18n/languages";

/**
 * The planner's texts (option labels, reasons, rebooking notes) in the nine languages the weather API
 * speaks (issue 38 item 8). Same keys in every language (tested); `{name}` placeholders. Times stay
 * HH:mm and ranges keep "-" in every language so a reason reads the same way everywhere.
 */
export type PlannerTextKey = keyof typeof en;

const en = {
  thunder: "thunderstorms",
  rain: "rain {mm} mm/h",
  wind: "gusts {kph} km/h",
  weather_risk: "weather risk",
  calm: "calm",
  calmer: "calmer",
  low_risk: "low risk",
  lower_risk: "lower risk",
  dry: "dry",
  drier: "drier",
  after: "after {time}",
  until: "until {time}",
  swap_remedy: "swap with {title} (indoor): {word} {from}-{to}",
  move_label: "Move to {day} {from}-{to}",
  swap_label: "Swap with {title}",
  rebook_label: "Rebook to the {day} {time} sailing",
  rebook_remedy: "a sailing {day} {time} is forecast {level}: check the operator's timetable and rebook",
  partner_then: "{title} then: {weather}",
  sunset: "sunset {time}",
  dusk: "dusk {time}",
  level_low: "low risk",
  level_watch: "watch",
  level_warning: "warning",
};

const de: typeof en = {
  thunder: "Gewitter",
  rain: "Regen {mm} mm/h",
  wind: "Böen {kph} km/h",
  weather_risk: "Wetterrisiko",
  calm: "ruhig",
  calmer: "ruhiger",
  low_risk: "geringes Risiko",
  lower_risk: "geringeres Risiko",
  dry: "trocken",
  drier: "trockener",
  after: "ab {time}",
  until: "bis {time}",
  swap_remedy: "mit {title} tauschen (drinnen): {word} {from}-{to}",
  move_label: "Verschieben auf {day} {from}-{to}",
  swap_label: "Mit {title} tauschen",
  rebook_label: "Umbuchen auf die Abfahrt {day} {time}",
  rebook_remedy: "Abfahrt {day} {time}, Vorhersage: {level}: Fahrplan des Anbieters prüfen und umbuchen",
  partner_then: "{title} dann: {weather}",
  sunset: "Sonnenuntergang {time}",
  dusk: "Ende der Dämmerung {time}",
  level_low: "geringes Risiko",
  level_watch: "Vorsicht",
  level_warning: "Warnung",
};

const fr: typeof en = {
  thunder: "orages",
  rain: "pluie {mm} mm/h",
  wind: "rafales {kph} km/h",
  weather_risk: "risque météo",
  calm: "calme",
  calmer: "plus calme",
  low_risk: "risque faible",
  lower_risk: "risque moindre",
  dry: "sec",
  drier: "plus sec",
  after: "après {time}",
  until: "jusqu'à {time}",
  swap_remedy: "échanger avec {title} (en intérieur) : {word} {from}-{to}",
  move_label: "Déplacer au {day} {from}-{to}",
  swap_label: "Échanger avec {title}",
  rebook_label: "Changer pour le départ du {day} à {time}",
  rebook_remedy:
    "départ du {day} à {time}, prévision : {level} ; vérifiez les horaires de la compagnie et modifiez la réservation",
  partner_then: "{title} à ce moment : {weather}",
  sunset: "coucher du soleil {time}",
  dusk: "fin du crépuscule {time}",
  level_low: "risque faible",
  level_watch: "vigilance",
  level_warning: "alerte",
};

const es: typeof en = {
  thunder: "tormentas",
  rain: "lluvia {mm} mm/h",
  wind: "rachas {kph} km/h",
  weather_risk: "riesgo meteorológico",
  calm: "en calma",
  calmer: "más calma",
  low_risk: "riesgo bajo",
  lower_risk: "menor riesgo",
  dry: "seco",
  drier: "más seco",
  after: "después de las {time}",
  until: "hasta las {time}",
  swap_remedy: "intercambiar con {title} (interior): {word} {from}-{to}",
  move_label: "Mover al {day} {from}-{to}",
  swap_label: "Intercambiar con {title}",
  rebook_label: "Cambiar a la salida del {day} a las {time}",
  rebook_remedy:
    "salida del {day} a las {time}, previsión: {level}; consulte el horario de la naviera y cambie la reserva",
  partner_then: "{title} entonces: {weather}",
  sunset: "puesta de sol {time}",
  dusk: "fin del crepúsculo {time}",
  level_low: "riesgo bajo",
  level_watch: "vigilancia",
  level_warning: "aviso",
};

const it: typeof en = {
  thunder: "temporali",
  rain: "pioggia {mm} mm/h",
  wind: "raffiche {kph} km/h",
  weather_risk: "rischio meteo",
  calm: "calmo",
  calmer: "più calmo",
  low_risk: "rischio basso",
  lower_risk: "rischio minore",
  dry: "asciutto",
  drier: "più asciutto",
  after: "dopo le {time}",
  until: "fino alle {time}",
  swap_remedy: "scambia con {title} (al chiuso): {word} {from}-{to}",
  move_label: "Sposta a {day} {from}-{to}",
  swap_label: "Scambia con {title}",
  rebook_label: "Cambia con la partenza di {day} alle {time}",
  rebook_remedy:
    "partenza di {day} alle {time}, previsione: {level}; controlla l'orario della compagnia e cambia la prenotazione",
  partner_then: "{title} in quel momento: {weather}",
  sunset: "tramonto {time}",
  dusk: "fine del crepuscolo {time}",
  level_low: "rischio basso",
  level_watch: "attenzione",
  level_warning: "allerta",
};

const ptBR: typeof en = {
  thunder: "tempestades com raios",
  rain: "chuva {mm} mm/h",
  wind: "rajadas {kph} km/h",
  weather_risk: "risco climático",
  calm: "calmo",
  calmer: "mais calmo",
  low_risk: "risco baixo",
  lower_risk: "risco menor",
  dry: "sem chuva",
  drier: "menos chuva",
  after: "depois das {time}",
  until: "até as {time}",
  swap_remedy: "trocar com {title} (local fechado): {word} {from}-{to}",
  move_label: "Mudar para {day} {from}-{to}",
  swap_label: "Trocar com {title}",
  rebook_label: "Remarcar para a saída de {day} às {time}",
  rebook_remedy: "saída de {day} às {time}, previsão: {level}; confira o horário da empresa e remarque a passagem",
  partner_then: "{title} nesse horário: {weather}",
  sunset: "pôr do sol {time}",
  dusk: "fim do crepúsculo {time}",
  level_low: "risco baixo",
  level_watch: "atenção",
  level_warning: "alerta",
};

const ptPT: typeof en = {
  thunder: "trovoadas",
  rain: "chuva {mm} mm/h",
  wind: "rajadas {kph} km/h",
  weather_risk: "risco meteorológico",
  calm: "calmo",
  calmer: "mais calmo",
  low_risk: "risco baixo",
  lower_risk: "risco menor",
  dry: "sem chuva",
  drier: "menos chuva",
  after: "a partir das {time}",
  until: "até às {time}",
  swap_remedy: "trocar com {title} (interior): {word} {from}-{to}",
  move_label: "Passar para {day} {from}-{to}",
  swap_label: "Trocar com {title}",
  rebook_label: "Alterar a reserva para a partida de {day} às {time}",
  rebook_remedy: "partida de {day} às {time}, previsão: {level}; consulte o horário do operador e altere a reserva",
  partner_then: "{title} nessa altura: {weather}",
  sunset: "pôr do sol {time}",
  dusk: "fim do crepúsculo {time}",
  level_low: "risco baixo",
  level_watch: "atenção",
  level_warning: "aviso",
};

const ja: typeof en = {
  thunder: "雷雨",
  rain: "雨 {mm} mm/h",
  wind: "突風 {kph} km/h",
  weather_risk: "気象リスク",
  calm: "穏やか",
  calmer: "より穏やか",
  low_risk: "低リスク",
  lower_risk: "リスク低め",
  dry: "雨なし",
  drier: "雨が少ない",
  after: "{time}以降",
  until: "{time}まで",
  swap_remedy: "{title}（屋内）と入れ替え: {word} {from}-{to}",
  move_label: "{day} {from}-{to}に移動",
  swap_label: "{title}と入れ替え",
  rebook_label: "{day} {time}発の便に予約変更",
  rebook_remedy: "{day} {time}発の便の予報: {level}。運航会社の時刻表を確認して予約を変更してください",
  partner_then: "変更後の{title}: {weather}",
  sunset: "日没 {time}",
  dusk: "薄明の終わり {time}",
  level_low: "低リスク",
  level_watch: "注意",
  level_warning: "警報",
};

const nl: typeof en = {
  thunder: "onweer",
  rain: "regen {mm} mm/u",
  wind: "windstoten {kph} km/u",
  weather_risk: "weerrisico",
  calm: "rustig",
  calmer: "rustiger",
  low_risk: "laag risico",
  lower_risk: "lager risico",
  dry: "droog",
  drier: "droger",
  after: "na {time}",
  until: "tot {time}",
  swap_remedy: "ruilen met {title} (binnen): {word} {from}-{to}",
  move_label: "Verplaatsen naar {day} {from}-{to}",
  swap_label: "Ruilen met {title}",
  rebook_label: "Omboeken naar de afvaart van {day} {time}",
  rebook_remedy:
    "afvaart {day} {time}, verwachting: {level}; controleer de dienstregeling van de vervoerder en boek om",
  partner_then: "{title} dan: {weather}",
  sunset: "zonsondergang {time}",
  dusk: "einde schemering {time}",
  level_low: "laag risico",
  level_watch: "opletten",
  level_warning: "waarschuwing",
};

export const PLANNER_TEXTS: Record<Language, typeof en> = {
  en,
  de,
  fr,
  es,
  it,
  "pt-BR": ptBR,
  "pt-PT": ptPT,
  ja,
  nl,
};

/** A planner text in the given language (any tag: negotiated like the weather API's `language`). */
export function plannerText(lang: string | undefined, key: PlannerTextKey, vars: Record<string, string | number> = {}) {
  const table = PLANNER_TEXTS[resolveLanguage(lang)];
  return table[key].replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ""));
}

/** A short day name: English keeps "Sat 28 Nov" (as before); the others use their locale's own order. */
export function plannerDay(ms: number, zone: string, lang: string | undefined): string {
  const language = resolveLanguage(lang);
  const d = DateTime.fromMillis(ms, { zone });
  return language === "en"
    ? d.setLocale("en").toFormat("ccc d LLL")
    : d.setLocale(language).toLocaleString({ weekday: "short", day: "numeric", month: "short" });
}
