/** German advice catalogue: the same keys as en.ts (tested). */
export const de: Record<string, string> = {
  "reason.rain_likely":
    "{what, select, snow {Schneefall} other {Regen}} ist wahrscheinlich ({pct} Wahrscheinlichkeit).",
  "reason.light_rain": "Leichter {what, select, snow {Schneefall} other {Regen}} erwartet (bis {rate}).",
  "reason.moderate_rain": "Anhaltender {what, select, snow {Schneefall} other {Regen}} erwartet (bis {rate}).",
  "reason.heavy_rain": "Starker {what, select, snow {Schneefall} other {Regen}} erwartet (bis {rate}).",
  "reason.violent_rain": "Extremer {what, select, snow {Schneefall} other {Starkregen}} erwartet (bis {rate}).",
  "reason.freezing_rain": "Gefrierender Regen oder Sprühregen bei {temp}: er gefriert beim Auftreffen auf den Boden.",
  "reason.ice": "Glatteis wahrscheinlich: nasse Flächen gefrieren, wenn die Temperatur auf {temp} sinkt.",
  "reason.snow_on_road": "Schnee auf den Straßen: kürzlich gefallener Schnee bei anhaltend {temp}.",
  "reason.strong_wind": "Starker Wind erwartet ({speed} Dauerwind).",
  "reason.strong_gusts": "Starke Böen erwartet (bis {speed}).",
  "reason.heat": "Gefährliche Hitze: gefühlt {temp}.",
  "reason.cold": "Strenge Kälte: gefühlt {temp}.",
  "reason.uv_high": "UV-Index bis {uv}.",
  "reason.low_visibility": "Sichtweite bis {distance} (Nebel).",
  "reason.thunderstorm": "Gewitter erwartet.",
  "reason.snow": "{heavy, select, yes {Starker Schneefall erwartet.} other {Schneefall erwartet.}}",
  "reason.severe_alert": "{event} gilt ({source}).",
  "reason.weather_alert": "{event} gilt ({source}).",
  "reason.outside_forecast_horizon": "Für diesen Zeitpunkt gibt es noch keine Vorhersage (Horizont: 8 Tage).",

  "rec.light_rain.activity": "Nehmen Sie eine leichte Regenjacke mit.",
  "rec.light_rain.indoor": "Nehmen Sie für den Weg einen Schirm mit.",
  "rec.light_rain.transport": "Leichter Regen unterwegs; planen Sie etwas mehr Zeit ein.",
  "rec.moderate_rain.activity": "Nehmen Sie Regenkleidung mit oder wählen Sie eine überdachte Alternative.",
  "rec.moderate_rain.indoor": "Nehmen Sie für den Weg einen Schirm mit.",
  "rec.moderate_rain.transport": "Nässe und langsameres Vorankommen; planen Sie etwas mehr Zeit ein.",
  "rec.moderate_rain.road": "Nasse Straßen und zäher Verkehr; planen Sie etwas mehr Zeit ein.",
  "rec.moderate_rain.cycle":
    "Tragen Sie Regenkleidung, fahren Sie mit Licht und bremsen Sie auf nasser Fahrbahn früher.",
  "rec.heavy_rain.activity":
    "Verlegen Sie die Aktivität nach drinnen oder verschieben Sie sie; starker Regen wird erwartet.",
  "rec.heavy_rain.indoor": "Planen Sie einen überdachten Weg; um diese Zeit wird starker Regen erwartet.",
  "rec.heavy_rain.transport": "Planen Sie mehr Zeit ein; starker Regen verlangsamt alles.",
  "rec.heavy_rain.road": "Planen Sie mehr Zeit ein und fahren Sie langsamer; starker Regen mindert Haftung und Sicht.",
  "rec.heavy_rain.cycle":
    "Erwägen Sie ein anderes Verkehrsmittel; starker Regen mindert Haftung, Bremswirkung und Sicht.",
  "rec.heavy_rain.foot":
    "Tragen Sie Regenkleidung und meiden Sie überflutete Wege, oder warten Sie, bis der Regen nachlässt.",
  "rec.violent_rain.activity": "Verschieben Sie den Plan: extremer Starkregen kann Sturzfluten auslösen.",
  "rec.violent_rain.indoor": "Bleiben Sie, wo Sie sind, bis der Wolkenbruch vorbei ist; Sturzfluten sind möglich.",
  "rec.violent_rain.transport":
    "Verschieben Sie die Fahrt, wenn möglich: extremer Starkregen kann Straßen überfluten und den Betrieb stoppen.",
  "rec.rain_likely.activity":
    "Regen ist wahrscheinlich: Nehmen Sie eine Regenjacke mit oder halten Sie eine Alternative drinnen bereit.",
  "rec.rain_likely.indoor": "Nehmen Sie für den Weg einen Schirm mit.",
  "rec.rain_likely.transport": "Unterwegs ist Regen wahrscheinlich; planen Sie etwas mehr Zeit ein.",
  "rec.freezing_rain.activity":
    "Gefrierender Regen: Verschieben Sie Pläne im Freien; alle Flächen werden vereist sein.",
  "rec.freezing_rain.indoor": "Gefrierender Regen auf dem Weg: Seien Sie sehr vorsichtig oder nehmen Sie ein Taxi.",
  "rec.freezing_rain.transport":
    "Gefrierender Regen: Rechnen Sie mit Verspätungen und vereisten Bahnsteigen, Stufen und Decks.",
  "rec.freezing_rain.road": "Gefrierender Regen: Fahren Sie möglichst nicht; Straßen vereisen ohne Vorwarnung.",
  "rec.freezing_rain.foot": "Gefrierender Regen: Bleiben Sie möglichst drinnen; Gehwege vereisen.",
  "rec.freezing_rain.cycle": "Gefrierender Regen: Fahren Sie nicht Rad; Straßen und Wege vereisen.",
  "rec.ice.activity": "Glatte Flächen: Tragen Sie rutschfeste Schuhe oder verschieben Sie den Plan.",
  "rec.ice.indoor": "Glätte auf dem Weg: Seien Sie vorsichtig oder nehmen Sie ein Taxi.",
  "rec.ice.transport": "Glatte Flächen: Planen Sie mehr Zeit ein und achten Sie auf Stufen und Bahnsteige.",
  "rec.ice.road": "Glatteis: Fahren Sie langsam, halten Sie Abstand und vermeiden Sie abruptes Bremsen.",
  "rec.ice.foot": "Glatteis: Tragen Sie rutschfeste Schuhe und machen Sie kleine Schritte.",
  "rec.ice.cycle": "Glatteis: Lassen Sie das Rad stehen oder bleiben Sie auf gestreuten Straßen.",
  "rec.snow_on_road.activity": "Schnee liegt: Tragen Sie Stiefel und planen Sie mehr Zeit ein.",
  "rec.snow_on_road.indoor": "Schnee liegt: Planen Sie für den Weg mehr Zeit ein.",
  "rec.snow_on_road.transport":
    "Schnee auf den Straßen: Winterreifen oder Ketten, langsam fahren und viel mehr Zeit einplanen.",
  "rec.strong_wind.activity":
    "Meiden Sie exponierte Orte (Grate, Stege, offenes Wasser) und sichern Sie lose Gegenstände.",
  "rec.strong_wind.indoor":
    "Auf dem Weg sind schädliche Winde möglich; prüfen Sie vor der Abfahrt die örtlichen Hinweise.",
  "rec.strong_wind.transport": "Rechnen Sie mit Verspätungen; exponierte Strecken sind am stärksten betroffen.",
  "rec.strong_wind.road": "Halten Sie das Lenkrad fest; hohe Fahrzeuge und Anhänger sind am stärksten betroffen.",
  "rec.strong_wind.rail": "Rechnen Sie auf exponierten Strecken mit Langsamfahrten und Verspätungen.",
  "rec.strong_wind.ferry": "Abfahrten können sich verspäten oder ausfallen; fragen Sie beim Betreiber nach.",
  "rec.strong_wind.foot": "Meiden Sie exponierte Orte und achten Sie auf herabfallende Äste.",
  "rec.strong_wind.cycle":
    "Fahren gegen oder quer zu starkem Wind ist mühsam und instabil; planen Sie mehr Zeit ein oder nehmen Sie ein anderes Verkehrsmittel.",
  "rec.strong_gusts.activity": "Halten Sie sich während der stärksten Böen von Bäumen und exponierten Orten fern.",
  "rec.strong_gusts.indoor":
    "Auf dem Weg sind schädliche Böen möglich; prüfen Sie vor der Abfahrt die örtlichen Hinweise.",
  "rec.strong_gusts.transport": "Plötzliche Böen können den Betrieb stören; prüfen Sie vor der Abfahrt auf Änderungen.",
  "rec.strong_gusts.road":
    "Plötzliche Böen können Fahrzeuge versetzen; fahren Sie langsamer und achten Sie auf Sperrungen.",
  "rec.strong_gusts.ferry": "Böen machen die Überfahrt rau; Abfahrten können ausfallen.",
  "rec.strong_gusts.foot": "Halten Sie sich während der stärksten Böen von Bäumen und Gerüsten fern.",
  "rec.strong_gusts.cycle":
    "Böen können Sie seitlich versetzen: Fahren Sie langsamer, halten Sie den Lenker fest oder schieben Sie.",
  "rec.heat.activity": "Planen Sie es früh oder spät am Tag, trinken Sie oft Wasser und ruhen Sie im Schatten.",
  "rec.heat.indoor": "Bleiben Sie in klimatisierten Räumen und halten Sie den Weg im Freien kurz.",
  "rec.heat.transport": "Nehmen Sie Wasser mit und vermeiden Sie lange Wartezeiten in der Sonne.",
  "rec.heat.cycle": "Fahren Sie früh oder spät, trinken Sie oft und rasten Sie im Schatten.",
  "rec.cold.activity": "Kleiden Sie sich in Schichten, bedecken Sie freie Haut und bleiben Sie nur kurz draußen.",
  "rec.cold.indoor": "Ziehen Sie sich für den Weg warm an; freie Haut kann schnell erfrieren.",
  "rec.cold.transport": "Nehmen Sie für Verspätungen oder Pannen warme Kleidung mit.",
  "rec.cold.cycle": "Bedecken Sie Hände, Gesicht und Ohren; im Fahrtwind erfriert freie Haut schnell.",
  "rec.uv_high.activity": "Verwenden Sie Sonnencreme, Hut und Sonnenbrille und suchen Sie mittags Schatten.",
  "rec.uv_high.indoor": "Schützen Sie sich auf dem Weg vor der Sonne.",
  "rec.uv_high.transport": "Schützen Sie sich beim Warten im Freien vor der Sonne.",
  "rec.low_visibility.activity": "Bleiben Sie auf markierten Wegen; die Sicht wird schlecht sein.",
  "rec.low_visibility.indoor": "Seien Sie auf dem Weg vorsichtig; die Sicht wird schlecht sein.",
  "rec.low_visibility.transport": "Nebel: Rechnen Sie mit Verspätungen und halten Sie mehr Abstand.",
  "rec.low_visibility.road": "Nebel: Abblendlicht einschalten, mehr Abstand halten und mit Verzögerungen rechnen.",
  "rec.low_visibility.ferry": "Nebel auf See: Abfahrten können langsamer sein oder sich verspäten.",
  "rec.low_visibility.cycle": "Nebel: Licht vorne und hinten einschalten und helle Kleidung tragen.",
  "rec.thunderstorm.activity":
    "Wenn es donnert, gehen Sie hinein: Verschieben Sie Pläne im Freien während des Gewitters.",
  "rec.thunderstorm.indoor": "Legen Sie den Weg so, dass Sie dem Gewitter ausweichen.",
  "rec.thunderstorm.transport":
    "Gewitter können den Betrieb verzögern; reisen Sie möglichst nicht während des Gewitters.",
  "rec.thunderstorm.foot": "Wenn es donnert, gehen Sie hinein und warten Sie, bis das Gewitter vorbei ist.",
  "rec.thunderstorm.cycle": "Steigen Sie ab und suchen Sie in einem Gebäude Schutz, bis das Gewitter vorbei ist.",
  "rec.snow.activity": "Tragen Sie geeignete Schuhe und rechnen Sie im Schnee mit langsamerem Vorankommen.",
  "rec.snow.indoor": "Planen Sie bei Schnee mehr Zeit für den Weg ein.",
  "rec.snow.transport": "Schneefall erwartet: Planen Sie viel mehr Zeit ein und prüfen Sie auf Ausfälle.",
  "rec.snow.cycle": "Schnee: Radfahren ist unsicher; gehen Sie zu Fuß oder nehmen Sie ein anderes Verkehrsmittel.",
  "rec.severe_alert.activity":
    "Eine Unwetterwarnung gilt: Befolgen Sie die amtlichen Hinweise und verschieben Sie Pläne im Freien.",
  "rec.severe_alert.indoor": "Eine Unwetterwarnung gilt: Befolgen Sie vor der Abfahrt die amtlichen Hinweise.",
  "rec.severe_alert.transport":
    "Eine Unwetterwarnung gilt: Prüfen Sie vor der Abfahrt die amtlichen Hinweise und Ihren Betreiber.",
  "rec.weather_alert.activity": "Eine Wetterwarnung gilt: Prüfen Sie vorher die Einzelheiten.",
  "rec.weather_alert.indoor": "Eine Wetterwarnung gilt: Prüfen Sie vorher die Einzelheiten.",
  "rec.weather_alert.transport":
    "Eine Wetterwarnung gilt: Prüfen Sie vor der Abfahrt die Einzelheiten und Ihren Betreiber.",
  "rec.outside_forecast_horizon.activity":
    "Für diesen Zeitpunkt gibt es noch keine Vorhersage; sehen Sie näher am Termin wieder nach.",
  "rec.outside_forecast_horizon.indoor":
    "Für diesen Zeitpunkt gibt es noch keine Vorhersage; sehen Sie näher am Termin wieder nach.",
  "rec.outside_forecast_horizon.transport":
    "Für diesen Zeitpunkt gibt es noch keine Vorhersage; sehen Sie näher am Termin wieder nach.",
  "reason.rough_sea": "Raue See erwartet (Wellen bis {height}).",
  "reason.high_waves": "Hoher Seegang erwartet (bis {height}).",
  "reason.poor_air_quality":
    "Schlechte Luftqualität erwartet ({scale, select, us {US-AQI} other {Europäischer AQI}} bis {aqi}).",
  "reason.high_pollen":
    "Starker Pollenflug erwartet ({kind, select, grass {Gräser} birch {Birke} alder {Erle} olive {Olive} mugwort {Beifuß} ragweed {Ambrosia} other {Bäume}}, {count} Pollen/m³).",
  "rec.snow_on_road.cycle":
    "Schnee auf den Straßen: Radfahren ist unsicher; gehen Sie zu Fuß oder nehmen Sie ein anderes Verkehrsmittel.",
  "rec.rough_sea.activity": "Unruhiges Wasser: Bootsausflüge können ungemütlich werden, Schwimmer bleiben nah am Ufer.",
  "rec.rough_sea.indoor": "Raue See: Führt Ihr Weg übers Wasser, prüfen Sie die Abfahrt.",
  "rec.rough_sea.transport":
    "Raue See: Rechnen Sie mit einer bewegten Überfahrt und möglichen Verspätungen; fragen Sie beim Betreiber nach.",
  "rec.high_waves.activity": "Bleiben Sie aus dem Wasser und von kleinen Booten fern: Die Wellen sind gefährlich.",
  "rec.high_waves.indoor": "Hoher Seegang: Führt Ihr Weg übers Wasser, prüfen Sie, ob das Schiff fährt.",
  "rec.high_waves.transport":
    "Hoher Seegang: Abfahrten fallen wahrscheinlich aus; fragen Sie beim Betreiber nach und halten Sie einen Plan B bereit.",
  "rec.poor_air_quality.activity":
    "Vermeiden Sie große Anstrengung im Freien; Menschen mit Asthma oder Herzerkrankungen verlegen sie besser nach drinnen oder auf einen anderen Tag.",
  "rec.poor_air_quality.indoor": "Schlechte Luft draußen: Halten Sie den Weg im Freien kurz.",
  "rec.poor_air_quality.transport":
    "Schlechte Luft draußen: Halten Sie die Fenster geschlossen und warten Sie möglichst kurz im Freien.",
  "rec.poor_air_quality.cycle":
    "Schlechte Luft: Fahren Sie ruhiger, meiden Sie dichten Verkehr oder nehmen Sie ein anderes Verkehrsmittel.",
  "rec.high_pollen.activity":
    "Für Allergiker: Nehmen Sie Ihre Medikamente vor dem Aufbruch und meiden Sie frisch gemähte Wiesen.",
  "rec.high_pollen.indoor": "Für Allergiker: Nehmen Sie Ihre Medikamente vor dem Aufbruch.",
  "rec.high_pollen.transport": "Für Allergiker: Halten Sie unterwegs die Fenster geschlossen.",
  "nowcast.dry": "In den nächsten 2 Stunden kein Niederschlag erwartet.",
  "nowcast.starts": "{what, select, snow {Schneefall} other {Regen}} setzt in etwa {minutes} Minuten ein.",
  "nowcast.starts_ends":
    "{what, select, snow {Schneefall} other {Regen}} setzt in etwa {minutes} Minuten ein und lässt bis {time} nach.",
  "nowcast.ongoing": "{what, select, snow {Schneefall} other {Regen}} hält in den nächsten 2 Stunden an.",
  "nowcast.ongoing_ends": "{what, select, snow {Schneefall} other {Regen}} lässt bis {time} nach.",
  "summary.day.low": "Keine Wetterprobleme für {items, plural, one {# Termin} other {# Termine}}.",
  "summary.day.flagged":
    "{flagged, plural, one {# Termin} other {# Termine}} von {items} {level, select, warning {gefährdet} other {im Blick behalten}}: {issue}",
  "reason.moderate_sea": "Mäßige See erwartet (Wellen bis {height}): unruhig für kleine Boote.",
  "reason.steep_sea": "Kurze, steile Wellen erwartet (bis {height}, Periode {period}): hart für kleine Boote.",
  "rec.moderate_sea.activity":
    "Mäßige See: Kleine Boote schaukeln und nehmen Gischt über; Schwimmer bleiben nah am Ufer.",
  "rec.moderate_sea.indoor": "Mäßige See: Führt Ihr Weg mit einem kleinen Boot übers Wasser, prüfen Sie die Abfahrt.",
  "rec.moderate_sea.transport":
    "Mäßige See: Kleine Schiffe können ungemütlich sein oder ausfallen; fragen Sie beim Betreiber nach.",
  "rec.steep_sea.activity":
    "Kurze, steile Wellen: Kleine Boote schlagen hart ein und können volllaufen; wählen Sie geschütztes Wasser oder verschieben Sie.",
  "rec.steep_sea.indoor":
    "Steile, kabbelige See: Führt Ihr Weg mit einem kleinen Boot übers Wasser, prüfen Sie die Abfahrt.",
  "rec.steep_sea.transport":
    "Steile, kabbelige See: Kleine und schnelle Schiffe fahren langsamer oder fallen aus; fragen Sie beim Betreiber nach.",
};
