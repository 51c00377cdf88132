/**
 * Condition labels for it, pt-BR, pt-PT, ja and nl, keyed by our condition code
 * (conditions.ts holds en, de, fr, es beside the WMO table). A test fails on a missing code.
 */
export type MoreLanguage = "it" | "pt-BR" | "pt-PT" | "ja" | "nl";

const it: Record<string, string> = {
  clear: "Cielo sereno", mainly_clear: "Prevalentemente sereno", partly_cloudy: "Parzialmente nuvoloso", overcast: "Coperto",
  fog: "Nebbia", rime_fog: "Nebbia con brina", drizzle_light: "Pioviggine debole", drizzle_moderate: "Pioviggine moderata",
  drizzle_dense: "Pioviggine intensa", freezing_drizzle_light: "Pioviggine gelata debole", freezing_drizzle_dense: "Pioviggine gelata intensa",
  rain_slight: "Pioggia debole", rain_moderate: "Pioggia moderata", rain_heavy: "Pioggia forte", freezing_rain_light: "Pioggia gelata debole",
  freezing_rain_heavy: "Pioggia gelata forte", snow_slight: "Nevicata debole", snow_moderate: "Nevicata moderata", snow_heavy: "Nevicata forte",
  snow_grains: "Neve granulosa", rain_showers_slight: "Rovesci deboli", rain_showers_moderate: "Rovesci moderati", rain_showers_violent: "Rovesci violenti",
  snow_showers_slight: "Rovesci di neve deboli", snow_showers_heavy: "Rovesci di neve forti", thunderstorm: "Temporale",
  thunderstorm_slight_hail: "Temporale con grandine debole", thunderstorm_heavy_hail: "Temporale con grandine forte", unknown: "Sconosciuto",
};

const ptBR: Record<string, string> = {
  clear: "Céu limpo", mainly_clear: "Predominantemente limpo", partly_cloudy: "Parcialmente nublado", overcast: "Encoberto",
  fog: "Neblina", rime_fog: "Neblina com geada", drizzle_light: "Garoa fraca", drizzle_moderate: "Garoa moderada",
  drizzle_dense: "Garoa forte", freezing_drizzle_light: "Garoa congelante fraca", freezing_drizzle_dense: "Garoa congelante forte",
  rain_slight: "Chuva fraca", rain_moderate: "Chuva moderada", rain_heavy: "Chuva forte", freezing_rain_light: "Chuva congelante fraca",
  freezing_rain_heavy: "Chuva congelante forte", snow_slight: "Neve fraca", snow_moderate: "Neve moderada", snow_heavy: "Neve forte",
  snow_grains: "Grãos de neve", rain_showers_slight: "Pancadas de chuva fracas", rain_showers_moderate: "Pancadas de chuva moderadas",
  rain_showers_violent: "Pancadas de chuva violentas", snow_showers_slight: "Pancadas de neve fracas", snow_showers_heavy: "Pancadas de neve fortes",
  thunderstorm: "Tempestade com raios", thunderstorm_slight_hail: "Tempestade com granizo fraco", thunderstorm_heavy_hail: "Tempestade com granizo forte",
  unknown: "Desconhecido",
};

// European Portuguese: nevoeiro, chuvisco, aguaceiros, trovoada (IPMA's terms).
const ptPT: Record<string, string> = {
  clear: "Céu limpo", mainly_clear: "Geralmente limpo", partly_cloudy: "Parcialmente nublado", overcast: "Encoberto",
  fog: "Nevoeiro", rime_fog: "Nevoeiro com geada", drizzle_light: "Chuvisco fraco", drizzle_moderate: "Chuvisco moderado",
  drizzle_dense: "Chuvisco forte", freezing_drizzle_light: "Chuvisco gelado fraco", freezing_drizzle_dense: "Chuvisco gelado forte",
  rain_slight: "Chuva fraca", rain_moderate: "Chuva moderada", rain_heavy: "Chuva forte", freezing_rain_light: "Chuva gelada fraca",
  freezing_rain_heavy: "Chuva gelada forte", snow_slight: "Queda de neve fraca", snow_moderate: "Queda de neve moderada", snow_heavy: "Queda de neve forte",
  snow_grains: "Grãos de neve", rain_showers_slight: "Aguaceiros fracos", rain_showers_moderate: "Aguaceiros moderados",
  rain_showers_violent: "Aguaceiros violentos", snow_showers_slight: "Aguaceiros de neve fracos", snow_showers_heavy: "Aguaceiros de neve fortes",
  thunderstorm: "Trovoada", thunderstorm_slight_hail: "Trovoada com granizo fraco", thunderstorm_heavy_hail: "Trovoada com granizo forte",
  unknown: "Desconhecido",
};

const ja: Record<string, string> = {
  clear: "快晴", mainly_clear: "晴れ", partly_cloudy: "晴れ時々曇り", overcast: "曇り",
  fog: "霧", rime_fog: "着氷性の霧", drizzle_light: "弱い霧雨", drizzle_moderate: "霧雨",
  drizzle_dense: "強い霧雨", freezing_drizzle_light: "弱い着氷性の霧雨", freezing_drizzle_dense: "強い着氷性の霧雨",
  rain_slight: "小雨", rain_moderate: "雨", rain_heavy: "大雨", freezing_rain_light: "弱い着氷性の雨",
  freezing_rain_heavy: "強い着氷性の雨", snow_slight: "小雪", snow_moderate: "雪", snow_heavy: "大雪",
  snow_grains: "霧雪", rain_showers_slight: "弱いにわか雨", rain_showers_moderate: "にわか雨", rain_showers_violent: "激しいにわか雨",
  snow_showers_slight: "弱いにわか雪", snow_showers_heavy: "強いにわか雪", thunderstorm: "雷雨",
  thunderstorm_slight_hail: "雷雨（弱いひょう）", thunderstorm_heavy_hail: "雷雨（強いひょう）", unknown: "不明",
};

const nl: Record<string, string> = {
  clear: "Onbewolkt", mainly_clear: "Overwegend helder", partly_cloudy: "Half bewolkt", overcast: "Zwaar bewolkt",
  fog: "Mist", rime_fog: "Mist met rijp", drizzle_light: "Lichte motregen", drizzle_moderate: "Matige motregen",
  drizzle_dense: "Dichte motregen", freezing_drizzle_light: "Lichte ijzel (motregen)", freezing_drizzle_dense: "Zware ijzel (motregen)",
  rain_slight: "Lichte regen", rain_moderate: "Matige regen", rain_heavy: "Zware regen", freezing_rain_light: "Lichte ijzel",
  freezing_rain_heavy: "Zware ijzel", snow_slight: "Lichte sneeuwval", snow_moderate: "Matige sneeuwval", snow_heavy: "Zware sneeuwval",
  snow_grains: "Motsneeuw", rain_showers_slight: "Lichte regenbuien", rain_showers_moderate: "Matige regenbuien", rain_showers_violent: "Zware regenbuien",
  snow_showers_slight: "Lichte sneeuwbuien", snow_showers_heavy: "Zware sneeuwbuien", thunderstorm: "Onweer",
  thunderstorm_slight_hail: "Onweer met lichte hagel", thunderstorm_heavy_hail: "Onweer met zware hagel", unknown: "Onbekend",
};

export const MORE_CONDITION_LABELS: Record<MoreLanguage, Record<string, string>> = { it, "pt-BR": ptBR, "pt-PT": ptPT, ja, nl };
