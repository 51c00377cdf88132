/** French advice catalogue: the same keys as en.ts (tested). */
export const fr: Record<string, string> = {
  "reason.rain_likely": "{what, select, snow {Neige} other {Pluie}} probable ({pct} de probabilité).",
  "reason.light_rain": "{what, select, snow {Neige faible} other {Pluie faible}} prévue (jusqu’à {rate}).",
  "reason.moderate_rain": "{what, select, snow {Neige continue} other {Pluie continue}} prévue (jusqu’à {rate}).",
  "reason.heavy_rain": "{what, select, snow {Neige forte} other {Forte pluie}} prévue (jusqu’à {rate}).",
  "reason.violent_rain":
    "{what, select, snow {Neige extrêmement forte} other {Pluie diluvienne}} prévue (jusqu’à {rate}).",
  "reason.freezing_rain": "Pluie ou bruine verglaçante à {temp} : elle gèle au contact du sol.",
  "reason.ice": "Verglas probable : les surfaces mouillées gèlent quand la température descend à {temp}.",
  "reason.snow_on_road": "Neige sur les routes : chutes de neige récentes et température qui reste à {temp}.",
  "reason.strong_wind": "Vent fort prévu ({speed} en continu).",
  "reason.strong_gusts": "Fortes rafales prévues (jusqu’à {speed}).",
  "reason.heat": "Chaleur dangereuse : température ressentie de {temp}.",
  "reason.cold": "Froid intense : température ressentie de {temp}.",
  "reason.uv_high": "Indice UV jusqu’à {uv}.",
  "reason.low_visibility": "Visibilité réduite à {distance} (brouillard).",
  "reason.thunderstorm": "Orages prévus.",
  "reason.snow": "{heavy, select, yes {Fortes chutes de neige prévues.} other {Chutes de neige prévues.}}",
  "reason.severe_alert": "{event} en vigueur ({source}).",
  "reason.weather_alert": "{event} en vigueur ({source}).",
  "reason.outside_forecast_horizon": "Aucune prévision ne couvre encore ce moment (horizon de 8 jours).",

  "rec.light_rain.activity": "Prenez une veste de pluie légère.",
  "rec.light_rain.indoor": "Prenez un parapluie pour le trajet.",
  "rec.light_rain.transport": "Pluie faible en route ; prévoyez un peu plus de temps.",
  "rec.moderate_rain.activity": "Prenez des vêtements imperméables ou choisissez une solution abritée.",
  "rec.moderate_rain.indoor": "Prenez un parapluie pour le trajet.",
  "rec.moderate_rain.transport": "Conditions humides et trajets plus lents ; prévoyez un peu plus de temps.",
  "rec.moderate_rain.road": "Routes mouillées et circulation ralentie ; prévoyez un peu plus de temps.",
  "rec.moderate_rain.cycle":
    "Portez des vêtements imperméables, allumez vos feux et freinez plus tôt sur route mouillée.",
  "rec.heavy_rain.activity": "Déplacez cette activité à l’intérieur ou reportez-la ; de fortes pluies sont prévues.",
  "rec.heavy_rain.indoor": "Prévoyez un trajet abrité ; de fortes pluies sont prévues à cette heure.",
  "rec.heavy_rain.transport": "Prévoyez plus de temps ; la forte pluie ralentit tout.",
  "rec.heavy_rain.road": "Prévoyez plus de temps et ralentissez ; la forte pluie réduit l’adhérence et la visibilité.",
  "rec.heavy_rain.cycle":
    "Envisagez un autre moyen de transport ; la forte pluie réduit l’adhérence, le freinage et la visibilité.",
  "rec.heavy_rain.foot":
    "Portez des vêtements imperméables et évitez les chemins inondés, ou attendez que la pluie faiblisse.",
  "rec.violent_rain.activity": "Reportez : une pluie diluvienne peut provoquer des crues soudaines.",
  "rec.violent_rain.indoor": "Restez où vous êtes jusqu’à la fin de l’averse ; des crues soudaines sont possibles.",
  "rec.violent_rain.transport":
    "Retardez le trajet si possible : une pluie diluvienne peut inonder les routes et interrompre les services.",
  "rec.rain_likely.activity": "Pluie probable : prenez une veste de pluie ou prévoyez une solution à l’intérieur.",
  "rec.rain_likely.indoor": "Prenez un parapluie pour le trajet.",
  "rec.rain_likely.transport": "Pluie probable en route ; prévoyez un peu plus de temps.",
  "rec.freezing_rain.activity":
    "Pluie verglaçante : reportez les activités en plein air ; toutes les surfaces seront glissantes.",
  "rec.freezing_rain.indoor": "Pluie verglaçante sur le trajet : soyez très prudent ou prenez un taxi.",
  "rec.freezing_rain.transport":
    "Pluie verglaçante : attendez-vous à des retards et à des quais, marches et ponts glacés.",
  "rec.freezing_rain.road": "Pluie verglaçante : évitez de conduire si possible ; les routes gèlent sans prévenir.",
  "rec.freezing_rain.foot":
    "Pluie verglaçante : restez à l’intérieur si possible ; les trottoirs deviennent des patinoires.",
  "rec.freezing_rain.cycle": "Pluie verglaçante : ne prenez pas le vélo ; routes et pistes gèlent.",
  "rec.ice.activity": "Surfaces glacées : portez des chaussures antidérapantes ou reportez.",
  "rec.ice.indoor": "Surfaces glacées sur le trajet : soyez prudent ou prenez un taxi.",
  "rec.ice.transport": "Surfaces glacées : prévoyez plus de temps et attention aux marches et aux quais.",
  "rec.ice.road": "Verglas : ralentissez, gardez vos distances et évitez les freinages brusques.",
  "rec.ice.foot": "Verglas : portez des chaussures antidérapantes et faites de petits pas.",
  "rec.ice.cycle": "Verglas : laissez le vélo au garage ou restez sur les routes salées.",
  "rec.snow_on_road.activity": "Neige au sol : portez des bottes et prévoyez plus de temps.",
  "rec.snow_on_road.indoor": "Neige au sol : prévoyez plus de temps pour le trajet.",
  "rec.snow_on_road.transport":
    "Neige sur les routes : pneus hiver ou chaînes, ralentissez et prévoyez beaucoup plus de temps.",
  "rec.strong_wind.activity": "Évitez les endroits exposés (crêtes, jetées, plans d’eau) et fixez les objets légers.",
  "rec.strong_wind.indoor":
    "Des vents violents sont possibles sur le trajet ; consultez les consignes locales avant de partir.",
  "rec.strong_wind.transport": "Attendez-vous à des retards ; les trajets exposés sont les plus touchés.",
  "rec.strong_wind.road": "Tenez fermement le volant ; les véhicules hauts et les remorques sont les plus touchés.",
  "rec.strong_wind.rail": "Attendez-vous à des limitations de vitesse et à des retards sur les lignes exposées.",
  "rec.strong_wind.ferry":
    "Les traversées peuvent être retardées ou annulées ; renseignez-vous auprès de la compagnie.",
  "rec.strong_wind.foot": "Évitez les endroits exposés et méfiez-vous des chutes de branches.",
  "rec.strong_wind.cycle":
    "Rouler face au vent fort ou de travers est pénible et instable ; prévoyez plus de temps ou un autre transport.",
  "rec.strong_gusts.activity": "Éloignez-vous des arbres et des endroits exposés pendant les plus fortes rafales.",
  "rec.strong_gusts.indoor":
    "Des rafales violentes sont possibles sur le trajet ; consultez les consignes locales avant de partir.",
  "rec.strong_gusts.transport":
    "Des rafales soudaines peuvent perturber les services ; vérifiez les changements avant de partir.",
  "rec.strong_gusts.road":
    "Des rafales soudaines peuvent déporter les véhicules ; ralentissez et vérifiez les fermetures.",
  "rec.strong_gusts.ferry": "Les rafales rendent la traversée agitée ; des départs peuvent être annulés.",
  "rec.strong_gusts.foot": "Éloignez-vous des arbres et des échafaudages pendant les plus fortes rafales.",
  "rec.strong_gusts.cycle":
    "Les rafales peuvent vous déporter : ralentissez, tenez fermement le guidon ou poussez le vélo.",
  "rec.heat.activity": "Faites-le tôt ou tard dans la journée, buvez souvent et reposez-vous à l’ombre.",
  "rec.heat.indoor": "Restez dans des lieux climatisés et limitez le temps dehors sur le trajet.",
  "rec.heat.transport": "Emportez de l’eau et évitez les longues attentes au soleil.",
  "rec.heat.cycle": "Roulez tôt ou tard, buvez souvent et reposez-vous à l’ombre.",
  "rec.cold.activity": "Habillez-vous en couches et couvrez la peau exposée ; limitez le temps dehors.",
  "rec.cold.indoor": "Habillez-vous chaudement pour le trajet ; la peau exposée peut geler rapidement.",
  "rec.cold.transport": "Emportez des vêtements chauds en cas de retard ou de panne.",
  "rec.cold.cycle": "Couvrez mains, visage et oreilles ; avec la vitesse, la peau exposée gèle vite.",
  "rec.uv_high.activity": "Utilisez crème solaire, chapeau et lunettes de soleil, et cherchez l’ombre vers midi.",
  "rec.uv_high.indoor": "Protégez-vous du soleil sur le trajet.",
  "rec.uv_high.transport": "Protégez-vous du soleil pendant l’attente à l’extérieur.",
  "rec.low_visibility.activity": "Restez sur les sentiers balisés ; la visibilité sera mauvaise.",
  "rec.low_visibility.indoor": "Soyez prudent sur le trajet ; la visibilité sera mauvaise.",
  "rec.low_visibility.transport": "Brouillard : attendez-vous à des retards et gardez plus de distance.",
  "rec.low_visibility.road":
    "Brouillard : allumez les feux de croisement, gardez plus de distance et attendez-vous à des retards.",
  "rec.low_visibility.ferry": "Brouillard en mer : les traversées peuvent être ralenties ou retardées.",
  "rec.low_visibility.cycle": "Brouillard : allumez vos feux avant et arrière et portez des vêtements clairs.",
  "rec.thunderstorm.activity":
    "Quand le tonnerre gronde, rentrez : reportez les activités en plein air pendant l’orage.",
  "rec.thunderstorm.indoor": "Organisez votre trajet en fonction de l’orage.",
  "rec.thunderstorm.transport":
    "Les orages peuvent retarder les services ; évitez de voyager pendant l’orage si possible.",
  "rec.thunderstorm.foot": "Quand le tonnerre gronde, rentrez et attendez la fin de l’orage.",
  "rec.thunderstorm.cycle": "Descendez du vélo et abritez-vous dans un bâtiment jusqu’à la fin de l’orage.",
  "rec.snow.activity": "Portez des chaussures adaptées et attendez-vous à avancer plus lentement dans la neige.",
  "rec.snow.indoor": "Prévoyez plus de temps pour le trajet sous la neige.",
  "rec.snow.transport": "Neige prévue : prévoyez beaucoup plus de temps et vérifiez les annulations.",
  "rec.snow.cycle": "Neige : le vélo est dangereux ; marchez ou prenez un autre transport.",
  "rec.severe_alert.activity":
    "Une alerte météo grave est en vigueur : suivez les consignes officielles et reportez les activités en plein air.",
  "rec.severe_alert.indoor":
    "Une alerte météo grave est en vigueur : suivez les consignes officielles avant de partir.",
  "rec.severe_alert.transport":
    "Une alerte météo grave est en vigueur : consultez les consignes officielles et votre transporteur avant de partir.",
  "rec.weather_alert.activity": "Une alerte météo est en vigueur : consultez les détails avant de partir.",
  "rec.weather_alert.indoor": "Une alerte météo est en vigueur : consultez les détails avant de partir.",
  "rec.weather_alert.transport":
    "Une alerte météo est en vigueur : consultez les détails et votre transporteur avant de partir.",
  "rec.outside_forecast_horizon.activity": "Pas encore de prévision pour ce moment ; revenez plus près de la date.",
  "rec.outside_forecast_horizon.indoor": "Pas encore de prévision pour ce moment ; revenez plus près de la date.",
  "rec.outside_forecast_horizon.transport": "Pas encore de prévision pour ce moment ; revenez plus près de la date.",
  "reason.rough_sea": "Mer agitée prévue (vagues jusqu’à {height}).",
  "reason.high_waves": "Fortes vagues prévues (jusqu’à {height}).",
  "reason.poor_air_quality":
    "Mauvaise qualité de l’air prévue ({scale, select, us {IQA américain} other {IQA européen}} jusqu’à {aqi}).",
  "reason.high_pollen":
    "Pollens {kind, select, grass {de graminées} birch {de bouleau} alder {d’aulne} olive {d’olivier} mugwort {d’armoise} ragweed {d’ambroisie} other {d’arbres}} élevés prévus ({count} grains/m³).",
  "rec.snow_on_road.cycle":
    "Neige sur les routes : le vélo est dangereux ; marchez ou prenez un autre moyen de transport.",
  "rec.rough_sea.activity":
    "Mer agitée : les sorties en bateau peuvent être inconfortables et les nageurs doivent rester près du bord.",
  "rec.rough_sea.indoor": "Mer agitée : si votre trajet traverse l’eau, vérifiez la traversée.",
  "rec.rough_sea.transport":
    "Mer agitée : attendez-vous à une traversée mouvementée et à des retards ; renseignez-vous auprès de la compagnie.",
  "rec.high_waves.activity": "Restez hors de l’eau et des petits bateaux : les vagues sont dangereuses.",
  "rec.high_waves.indoor": "Fortes vagues : si votre trajet traverse l’eau, vérifiez que la traversée est maintenue.",
  "rec.high_waves.transport":
    "Fortes vagues : les traversées seront probablement annulées ; renseignez-vous auprès de la compagnie et prévoyez une solution de repli.",
  "rec.poor_air_quality.activity":
    "Limitez les efforts intenses dehors ; les personnes asthmatiques ou cardiaques devraient les faire à l’intérieur ou un autre jour.",
  "rec.poor_air_quality.indoor": "Air pollué dehors : limitez le temps passé dehors pendant le trajet.",
  "rec.poor_air_quality.transport": "Air pollué dehors : gardez les fenêtres fermées et limitez l’attente dehors.",
  "rec.poor_air_quality.cycle":
    "Air pollué : roulez plus doucement, évitez la circulation dense ou prenez un autre moyen de transport.",
  "rec.high_pollen.activity":
    "Personnes allergiques : prenez votre traitement avant de sortir et évitez les prés fraîchement fauchés.",
  "rec.high_pollen.indoor": "Personnes allergiques : prenez votre traitement avant de sortir.",
  "rec.high_pollen.transport": "Personnes allergiques : gardez les fenêtres fermées pendant le trajet.",
  "nowcast.dry": "Pas de précipitations prévues dans les 2 prochaines heures.",
  "nowcast.starts": "{what, select, snow {Neige} other {Pluie}} dans ~{minutes} min.",
  "nowcast.starts_ends": "{what, select, snow {Neige} other {Pluie}} dans ~{minutes} min, en diminution vers {time}.",
  "nowcast.ongoing": "{what, select, snow {Neige} other {Pluie}} pendant les 2 prochaines heures.",
  "nowcast.ongoing_ends": "{what, select, snow {Neige} other {Pluie}} en diminution vers {time}.",
  "summary.day.low": "Aucun souci météo pour {items, plural, one {# activité} other {# activités}}.",
  "summary.day.flagged":
    "{flagged, plural, one {# activité} other {# activités}} sur {items} {level, select, warning {à risque} other {à surveiller}} : {issue}",
  "reason.moderate_sea": "Mer agitée prévue (vagues jusqu’à {height}) : mouvementée pour les petits bateaux.",
  "reason.steep_sea":
    "Vagues courtes et creuses prévues (jusqu’à {height}, période {period}) : pénible pour les petits bateaux.",
  "rec.moderate_sea.activity":
    "Mer agitée : les petits bateaux tanguent et embarquent des embruns ; les nageurs doivent rester près du bord.",
  "rec.moderate_sea.indoor": "Mer agitée : si votre trajet traverse l’eau en petit bateau, vérifiez la traversée.",
  "rec.moderate_sea.transport":
    "Mer agitée : les petites embarcations peuvent être inconfortables ou annulées ; renseignez-vous auprès de la compagnie.",
  "rec.steep_sea.activity":
    "Vagues courtes et creuses : les petits bateaux tapent et peuvent embarquer de l’eau ; choisissez un plan d’eau abrité ou reportez.",
  "rec.steep_sea.indoor":
    "Mer courte et hachée : si votre trajet traverse l’eau en petit bateau, vérifiez la traversée.",
  "rec.steep_sea.transport":
    "Mer courte et hachée : les petites embarcations et navettes rapides peuvent ralentir ou être annulées ; renseignez-vous auprès de la compagnie.",
};
