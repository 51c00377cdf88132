/** Italian advice catalogue: the same keys as en.ts (tested). */
export const it: Record<string, string> = {
  "reason.rain_likely": "{what, select, snow {Neve} other {Pioggia}} probabile ({pct} di probabilità).",
  "reason.light_rain": "{what, select, snow {Neve debole} other {Pioggia debole}} prevista (fino a {rate}).",
  "reason.moderate_rain": "{what, select, snow {Neve continua} other {Pioggia continua}} prevista (fino a {rate}).",
  "reason.heavy_rain": "{what, select, snow {Neve forte} other {Pioggia forte}} prevista (fino a {rate}).",
  "reason.violent_rain": "{what, select, snow {Neve violenta} other {Pioggia violenta}} prevista (fino a {rate}).",
  "reason.freezing_rain": "Pioggia o pioviggine gelata a {temp}: gela al contatto con il suolo.",
  "reason.ice": "Probabile ghiaccio sulle strade: le superfici bagnate gelano quando la temperatura scende a {temp}.",
  "reason.snow_on_road": "Neve sulle strade: nevicate recenti e temperatura ferma a {temp}.",
  "reason.strong_wind": "Previsto vento forte ({speed} costanti).",
  "reason.strong_gusts": "Previste forti raffiche (fino a {speed}).",
  "reason.heat": "Caldo pericoloso: la temperatura percepita sarà di {temp}.",
  "reason.cold": "Freddo intenso: la temperatura percepita sarà di {temp}.",
  "reason.uv_high": "Indice UV fino a {uv}.",
  "reason.low_visibility": "Visibilità ridotta a {distance} (nebbia).",
  "reason.thunderstorm": "Previsti temporali.",
  "reason.snow": "{heavy, select, yes {Previste forti nevicate.} other {Previste nevicate.}}",
  "reason.severe_alert": "{event} in vigore ({source}).",
  "reason.weather_alert": "{event} in vigore ({source}).",
  "reason.outside_forecast_horizon": "Nessuna previsione copre ancora questo momento (l’orizzonte è di 8 giorni).",
  "reason.rough_sea": "Previsto mare mosso (onde fino a {height}).",
  "reason.high_waves": "Previste onde alte (fino a {height}).",
  "reason.poor_air_quality":
    "Prevista cattiva qualità dell’aria ({scale, select, us {AQI statunitense} other {AQI europeo}} fino a {aqi}).",
  "reason.high_pollen":
    "Previsto polline {kind, select, grass {di graminacee} birch {di betulla} alder {di ontano} olive {di olivo} mugwort {di artemisia} ragweed {di ambrosia} other {di alberi}} elevato ({count} granuli/m³).",

  "rec.light_rain.activity": "Porta una giacca antipioggia leggera.",
  "rec.light_rain.indoor": "Prendi un ombrello per il tragitto.",
  "rec.light_rain.transport": "Pioggia debole lungo il percorso; calcola un po’ di tempo in più.",
  "rec.moderate_rain.activity": "Porta abiti impermeabili o scegli un’alternativa al coperto.",
  "rec.moderate_rain.indoor": "Prendi un ombrello per il tragitto.",
  "rec.moderate_rain.transport": "Condizioni bagnate e spostamenti più lenti; calcola un po’ di tempo in più.",
  "rec.moderate_rain.road": "Strade bagnate e traffico più lento; calcola un po’ di tempo in più.",
  "rec.moderate_rain.cycle": "Indossa abiti impermeabili, accendi le luci e frena prima sulle strade bagnate.",
  "rec.heavy_rain.activity": "Sposta l’attività al chiuso o rimandala: è prevista pioggia forte.",
  "rec.heavy_rain.indoor": "Organizza un tragitto al riparo: è prevista pioggia forte a quell’ora.",
  "rec.heavy_rain.transport": "Calcola più tempo: la pioggia forte rallenta tutto.",
  "rec.heavy_rain.road": "Calcola più tempo e rallenta: la pioggia forte riduce aderenza e visibilità.",
  "rec.heavy_rain.cycle": "Valuta un altro mezzo: la pioggia forte riduce aderenza, frenata e visibilità.",
  "rec.heavy_rain.foot": "Indossa abiti impermeabili ed evita i percorsi allagati, oppure aspetta che la pioggia cali.",
  "rec.violent_rain.activity": "Rimanda: la pioggia violenta può causare alluvioni improvvise.",
  "rec.violent_rain.indoor": "Resta dove sei finché l’acquazzone non passa; sono possibili allagamenti improvvisi.",
  "rec.violent_rain.transport":
    "Se puoi, rimanda il viaggio: la pioggia violenta può allagare le strade e fermare i servizi.",
  "rec.rain_likely.activity": "Pioggia probabile: porta una giacca antipioggia o prevedi un’alternativa al chiuso.",
  "rec.rain_likely.indoor": "Prendi un ombrello per il tragitto.",
  "rec.rain_likely.transport": "Pioggia probabile lungo il percorso; calcola un po’ di tempo in più.",
  "rec.freezing_rain.activity": "Pioggia gelata: rimanda i programmi all’aperto; ogni superficie sarà ghiacciata.",
  "rec.freezing_rain.indoor": "Pioggia gelata sul tragitto: fai molta attenzione o prendi un taxi.",
  "rec.freezing_rain.transport": "Pioggia gelata: previsti ritardi e banchine, scale e ponti ghiacciati.",
  "rec.freezing_rain.road": "Pioggia gelata: se puoi, non metterti alla guida; le strade ghiacciano all’improvviso.",
  "rec.freezing_rain.foot": "Pioggia gelata: se puoi resta dentro; i marciapiedi diventano lastre di ghiaccio.",
  "rec.freezing_rain.cycle": "Pioggia gelata: non usare la bici; strade e piste diventano ghiaccio.",
  "rec.ice.activity": "Superfici ghiacciate: indossa calzature antiscivolo o rimanda.",
  "rec.ice.indoor": "Superfici ghiacciate sul tragitto: fai attenzione o prendi un taxi.",
  "rec.ice.transport": "Superfici ghiacciate: calcola più tempo e fai attenzione a scale e banchine.",
  "rec.ice.road": "Ghiaccio sulla strada: rallenta, mantieni la distanza ed evita frenate brusche.",
  "rec.ice.foot": "Ghiaccio: indossa calzature antiscivolo e fai passi corti.",
  "rec.ice.cycle": "Ghiaccio: lascia la bici a casa o resta sulle strade trattate con il sale.",
  "rec.snow_on_road.activity": "Neve al suolo: indossa scarponi e calcola più tempo.",
  "rec.snow_on_road.indoor": "Neve al suolo: calcola più tempo per arrivare.",
  "rec.snow_on_road.cycle": "Neve sulle strade: andare in bici non è sicuro; vai a piedi o usa un altro mezzo.",
  "rec.snow_on_road.transport":
    "Neve sulle strade: monta gomme invernali o catene, rallenta e calcola molto più tempo.",
  "rec.strong_wind.activity": "Evita i luoghi esposti (creste, moli, mare aperto) e fissa gli oggetti sciolti.",
  "rec.strong_wind.indoor": "Possibile vento dannoso sul tragitto; controlla gli avvisi locali prima di partire.",
  "rec.strong_wind.transport": "Previsti ritardi; i percorsi esposti sono i più colpiti.",
  "rec.strong_wind.road": "Tieni saldo il volante; i veicoli alti e i rimorchi sono i più colpiti.",
  "rec.strong_wind.rail": "Previsti rallentamenti e ritardi sulle linee esposte.",
  "rec.strong_wind.ferry": "Le partenze possono subire ritardi o cancellazioni; verifica con la compagnia.",
  "rec.strong_wind.foot": "Evita i luoghi esposti e fai attenzione ai rami che cadono.",
  "rec.strong_wind.cycle":
    "Pedalare contro o di traverso al vento forte è faticoso e instabile; calcola più tempo o usa un altro mezzo.",
  "rec.strong_gusts.activity": "Stai lontano da alberi e luoghi esposti durante le raffiche più forti.",
  "rec.strong_gusts.indoor": "Possibili raffiche dannose sul tragitto; controlla gli avvisi locali prima di partire.",
  "rec.strong_gusts.transport":
    "Raffiche improvvise possono disturbare i servizi; verifica eventuali modifiche prima di partire.",
  "rec.strong_gusts.road": "Raffiche improvvise possono spostare i veicoli; rallenta e controlla le chiusure.",
  "rec.strong_gusts.ferry": "Le raffiche rendono la traversata agitata; le partenze possono essere cancellate.",
  "rec.strong_gusts.foot": "Stai lontano da alberi e impalcature durante le raffiche più forti.",
  "rec.strong_gusts.cycle":
    "Le raffiche possono spingerti di lato: rallenta, tieni saldo il manubrio o scendi e spingi la bici.",
  "rec.heat.activity": "Fallo al mattino presto o la sera, bevi spesso e riposa all’ombra.",
  "rec.heat.indoor": "Resta in luoghi climatizzati e limita il tempo all’aperto sul tragitto.",
  "rec.heat.transport": "Porta acqua ed evita lunghe attese al sole.",
  "rec.heat.cycle": "Pedala al mattino presto o la sera, bevi spesso e riposa all’ombra.",
  "rec.cold.activity": "Vestiti a strati e copri la pelle esposta; limita il tempo all’aperto.",
  "rec.cold.indoor": "Vestiti bene per il tragitto; la pelle esposta può congelarsi in fretta.",
  "rec.cold.transport": "Porta abiti caldi in caso di ritardi o guasti.",
  "rec.cold.cycle": "Copri mani, viso e orecchie; in velocità la pelle esposta congela in fretta.",
  "rec.uv_high.activity": "Usa crema solare, cappello e occhiali da sole e cerca l’ombra verso mezzogiorno.",
  "rec.uv_high.indoor": "Proteggiti dal sole sul tragitto.",
  "rec.uv_high.transport": "Proteggiti dal sole mentre aspetti all’aperto.",
  "rec.low_visibility.activity": "Resta sui sentieri segnalati; la visibilità sarà scarsa.",
  "rec.low_visibility.indoor": "Fai attenzione sul tragitto; la visibilità sarà scarsa.",
  "rec.low_visibility.transport": "Nebbia: previsti ritardi; mantieni più distanza.",
  "rec.low_visibility.road": "Nebbia: usa gli anabbaglianti, mantieni più distanza e prevedi ritardi.",
  "rec.low_visibility.ferry": "Nebbia in mare: le traversate possono rallentare o subire ritardi.",
  "rec.low_visibility.cycle": "Nebbia: accendi le luci davanti e dietro e indossa qualcosa di chiaro.",
  "rec.thunderstorm.activity": "Quando tuona, mettiti al chiuso: rimanda i programmi all’aperto durante il temporale.",
  "rec.thunderstorm.indoor": "Organizza il tragitto in modo da evitare il temporale.",
  "rec.thunderstorm.transport": "I temporali possono ritardare i servizi; se puoi, non viaggiare durante il temporale.",
  "rec.thunderstorm.foot": "Quando tuona, mettiti al chiuso e aspetta che il temporale passi.",
  "rec.thunderstorm.cycle": "Scendi dalla bici e ripàrati in un edificio finché il temporale non passa.",
  "rec.snow.activity": "Indossa calzature adatte e aspettati di procedere più lentamente sulla neve.",
  "rec.snow.indoor": "Con la neve calcola più tempo per arrivare.",
  "rec.snow.transport": "Prevista neve: calcola molto più tempo e verifica le cancellazioni.",
  "rec.snow.cycle": "Neve: andare in bici non è sicuro; vai a piedi o usa un altro mezzo.",
  "rec.severe_alert.activity":
    "È in vigore un’allerta meteo grave: segui le indicazioni ufficiali e rimanda i programmi all’aperto.",
  "rec.severe_alert.indoor":
    "È in vigore un’allerta meteo grave: segui le indicazioni ufficiali prima di metterti in viaggio.",
  "rec.severe_alert.transport":
    "È in vigore un’allerta meteo grave: controlla le indicazioni ufficiali e la compagnia prima di partire.",
  "rec.weather_alert.activity": "È in vigore un’allerta meteo: controlla i dettagli prima di uscire.",
  "rec.weather_alert.indoor": "È in vigore un’allerta meteo: controlla i dettagli prima di uscire.",
  "rec.weather_alert.transport": "È in vigore un’allerta meteo: controlla i dettagli e la compagnia prima di partire.",
  "rec.outside_forecast_horizon.activity":
    "Non c’è ancora una previsione per questo momento; ricontrolla più vicino alla data.",
  "rec.outside_forecast_horizon.indoor":
    "Non c’è ancora una previsione per questo momento; ricontrolla più vicino alla data.",
  "rec.outside_forecast_horizon.transport":
    "Non c’è ancora una previsione per questo momento; ricontrolla più vicino alla data.",
  "rec.rough_sea.activity":
    "Mare agitato: le gite in barca possono essere scomode e chi nuota deve restare vicino a riva.",
  "rec.rough_sea.indoor": "Mare mosso: se il tragitto attraversa il mare, verifica la partenza.",
  "rec.rough_sea.transport": "Mare mosso: traversata movimentata e possibili ritardi; verifica con la compagnia.",
  "rec.high_waves.activity": "Resta fuori dall’acqua e dalle piccole imbarcazioni: le onde sono pericolose.",
  "rec.high_waves.indoor": "Onde alte: se il tragitto attraversa il mare, verifica che la corsa parta.",
  "rec.high_waves.transport":
    "Onde alte: le partenze saranno probabilmente cancellate; verifica con la compagnia e prevedi un’alternativa.",
  "rec.poor_air_quality.activity":
    "Riduci gli sforzi intensi all’aperto; chi soffre di asma o di cuore dovrebbe spostarli al chiuso o a un altro giorno.",
  "rec.poor_air_quality.indoor": "Aria inquinata all’esterno: riduci il tempo all’aperto sul tragitto.",
  "rec.poor_air_quality.transport":
    "Aria inquinata all’esterno: tieni i finestrini chiusi e limita le attese all’aperto.",
  "rec.poor_air_quality.cycle":
    "Aria inquinata: pedala con calma, stai lontano dal traffico intenso o usa un altro mezzo.",
  "rec.high_pollen.activity":
    "Chi soffre di allergie: prendi i farmaci prima di uscire ed evita i prati appena falciati.",
  "rec.high_pollen.indoor": "Chi soffre di allergie: prendi i farmaci prima di uscire.",
  "rec.high_pollen.transport": "Chi soffre di allergie: tieni i finestrini chiusi durante il tragitto.",

  "nowcast.dry": "Nessuna precipitazione prevista nelle prossime 2 ore.",
  "nowcast.starts": "{what, select, snow {Neve} other {Pioggia}} in arrivo tra circa {minutes} min.",
  "nowcast.starts_ends":
    "{what, select, snow {Neve} other {Pioggia}} in arrivo tra circa {minutes} min, in attenuazione entro le {time}.",
  "nowcast.ongoing": "{what, select, snow {Neve} other {Pioggia}} per le prossime 2 ore.",
  "nowcast.ongoing_ends": "{what, select, snow {Neve} other {Pioggia}} in attenuazione entro le {time}.",

  "summary.day.low": "Nessun problema meteo per {items, plural, one {# programma} other {# programmi}}.",
  "summary.day.flagged":
    "{flagged, plural, one {# programma} other {# programmi}} su {items} {level, select, warning {a rischio} other {da tenere d’occhio}}: {issue}",
  "reason.moderate_sea": "Previsto mare molto mosso (onde fino a {height}): movimentato per le piccole imbarcazioni.",
  "reason.steep_sea":
    "Previste onde corte e ripide (fino a {height}, periodo {period}): dure per le piccole imbarcazioni.",
  "rec.moderate_sea.activity":
    "Mare molto mosso: le piccole barche beccheggiano e imbarcano spruzzi; chi nuota resti vicino a riva.",
  "rec.moderate_sea.indoor":
    "Mare molto mosso: se il tragitto attraversa il mare su una piccola barca, verifica la partenza.",
  "rec.moderate_sea.transport":
    "Mare molto mosso: le piccole imbarcazioni possono essere scomode o cancellate; verifica con la compagnia.",
  "rec.steep_sea.activity":
    "Onde corte e ripide: le piccole barche sbattono e possono imbarcare acqua; scegli acque riparate o rimanda.",
  "rec.steep_sea.indoor":
    "Mare corto e ripido: se il tragitto attraversa il mare su una piccola barca, verifica la partenza.",
  "rec.steep_sea.transport":
    "Mare corto e ripido: le imbarcazioni piccole e veloci possono rallentare o essere cancellate; verifica con la compagnia.",
};
