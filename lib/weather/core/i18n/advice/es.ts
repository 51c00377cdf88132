/** Spanish advice catalogue: the same keys as en.ts (tested). */
export const es: Record<string, string> = {
  "reason.rain_likely": "Es probable que {what, select, snow {nieve} other {llueva}} ({pct} de probabilidad).",
  "reason.light_rain": "Se espera {what, select, snow {nieve débil} other {lluvia débil}} (hasta {rate}).",
  "reason.moderate_rain": "Se espera {what, select, snow {nieve continua} other {lluvia continua}} (hasta {rate}).",
  "reason.heavy_rain": "Se espera {what, select, snow {nieve intensa} other {lluvia intensa}} (hasta {rate}).",
  "reason.violent_rain": "Se espera {what, select, snow {nieve muy intensa} other {lluvia torrencial}} (hasta {rate}).",
  "reason.freezing_rain": "Lluvia o llovizna engelante a {temp}: se congela al tocar el suelo.",
  "reason.ice": "Probable hielo negro: las superficies mojadas se congelan al bajar la temperatura a {temp}.",
  "reason.snow_on_road": "Nieve en las carreteras: nevadas recientes y la temperatura sigue en {temp}.",
  "reason.strong_wind": "Se espera viento fuerte ({speed} sostenido).",
  "reason.strong_gusts": "Se esperan rachas fuertes (hasta {speed}).",
  "reason.heat": "Calor peligroso: la sensación térmica será de {temp}.",
  "reason.cold": "Frío intenso: la sensación térmica será de {temp}.",
  "reason.uv_high": "Índice UV de hasta {uv}.",
  "reason.low_visibility": "Visibilidad reducida a {distance} (niebla).",
  "reason.thunderstorm": "Se esperan tormentas.",
  "reason.snow": "{heavy, select, yes {Se esperan nevadas intensas.} other {Se esperan nevadas.}}",
  "reason.severe_alert": "{event} en vigor ({source}).",
  "reason.weather_alert": "{event} en vigor ({source}).",
  "reason.outside_forecast_horizon": "Todavía no hay previsión para este momento (el horizonte es de 8 días).",

  "rec.light_rain.activity": "Lleva una chaqueta impermeable ligera.",
  "rec.light_rain.indoor": "Lleva un paraguas para el camino.",
  "rec.light_rain.transport": "Lluvia débil en el camino; calcula algo más de tiempo.",
  "rec.moderate_rain.activity": "Lleva ropa impermeable o elige una alternativa cubierta.",
  "rec.moderate_rain.indoor": "Lleva un paraguas para el camino.",
  "rec.moderate_rain.transport": "Habrá humedad y trayectos más lentos; calcula algo más de tiempo.",
  "rec.moderate_rain.road": "Carreteras mojadas y tráfico más lento; calcula algo más de tiempo.",
  "rec.moderate_rain.cycle": "Usa ropa impermeable y luces, y frena antes sobre el asfalto mojado.",
  "rec.heavy_rain.activity":
    "Traslada esta actividad a un lugar cubierto o cámbiala de fecha; se espera lluvia intensa.",
  "rec.heavy_rain.indoor": "Planea un camino cubierto; se espera lluvia intensa a esa hora.",
  "rec.heavy_rain.transport": "Calcula más tiempo; la lluvia intensa lo ralentiza todo.",
  "rec.heavy_rain.road":
    "Calcula más tiempo y reduce la velocidad; la lluvia intensa reduce el agarre y la visibilidad.",
  "rec.heavy_rain.cycle":
    "Plantéate otro medio de transporte; la lluvia intensa reduce el agarre, la frenada y la visibilidad.",
  "rec.heavy_rain.foot": "Lleva ropa impermeable y evita los caminos inundados, o espera a que amaine.",
  "rec.violent_rain.activity": "Aplázalo: la lluvia torrencial puede provocar inundaciones repentinas.",
  "rec.violent_rain.indoor": "Quédate donde estés hasta que pase el aguacero; puede haber inundaciones repentinas.",
  "rec.violent_rain.transport":
    "Retrasa el viaje si puedes: la lluvia torrencial puede inundar carreteras y detener servicios.",
  "rec.rain_likely.activity": "Es probable que llueva: lleva una chaqueta impermeable o ten un plan bajo techo.",
  "rec.rain_likely.indoor": "Lleva un paraguas para el camino.",
  "rec.rain_likely.transport": "Es probable que llueva en el camino; calcula algo más de tiempo.",
  "rec.freezing_rain.activity":
    "Lluvia engelante: aplaza los planes al aire libre; todas las superficies estarán heladas.",
  "rec.freezing_rain.indoor": "Lluvia engelante en el camino: extrema la precaución o toma un taxi.",
  "rec.freezing_rain.transport": "Lluvia engelante: espera retrasos y andenes, escalones y cubiertas helados.",
  "rec.freezing_rain.road": "Lluvia engelante: evita conducir si puedes; las carreteras se hielan sin aviso.",
  "rec.freezing_rain.foot": "Lluvia engelante: quédate en casa si puedes; las aceras se convierten en hielo.",
  "rec.freezing_rain.cycle": "Lluvia engelante: no uses la bicicleta; calzadas y carriles se hielan.",
  "rec.ice.activity": "Superficies heladas: usa calzado antideslizante o aplázalo.",
  "rec.ice.indoor": "Superficies heladas en el camino: ten cuidado o toma un taxi.",
  "rec.ice.transport": "Superficies heladas: calcula más tiempo y cuidado con escalones y andenes.",
  "rec.ice.road": "Hielo negro: reduce la velocidad, guarda la distancia y evita frenazos bruscos.",
  "rec.ice.foot": "Hielo negro: usa calzado antideslizante y da pasos cortos.",
  "rec.ice.cycle": "Hielo negro: deja la bicicleta en casa o circula solo por calles tratadas con sal.",
  "rec.snow_on_road.activity": "Nieve en el suelo: usa botas y calcula más tiempo.",
  "rec.snow_on_road.indoor": "Nieve en el suelo: calcula más tiempo para llegar.",
  "rec.snow_on_road.transport":
    "Nieve en las carreteras: neumáticos de invierno o cadenas, reduce la velocidad y calcula mucho más tiempo.",
  "rec.strong_wind.activity":
    "Evita lugares expuestos (crestas, muelles, aguas abiertas) y sujeta los objetos sueltos.",
  "rec.strong_wind.indoor": "Puede haber vientos dañinos en el camino; consulta los avisos locales antes de salir.",
  "rec.strong_wind.transport": "Espera retrasos; los trayectos expuestos son los más afectados.",
  "rec.strong_wind.road": "Sujeta firmemente el volante; los vehículos altos y los remolques son los más afectados.",
  "rec.strong_wind.rail": "Espera limitaciones de velocidad y retrasos en las líneas expuestas.",
  "rec.strong_wind.ferry": "Las salidas pueden retrasarse o cancelarse; consulta con la naviera.",
  "rec.strong_wind.foot": "Evita lugares expuestos y atención a la caída de ramas.",
  "rec.strong_wind.cycle":
    "Pedalear contra el viento fuerte o de costado es duro e inestable; calcula más tiempo o usa otro transporte.",
  "rec.strong_gusts.activity": "Aléjate de árboles y lugares expuestos durante las rachas más fuertes.",
  "rec.strong_gusts.indoor": "Puede haber rachas dañinas en el camino; consulta los avisos locales antes de salir.",
  "rec.strong_gusts.transport":
    "Las rachas repentinas pueden alterar los servicios; comprueba los cambios antes de salir.",
  "rec.strong_gusts.road":
    "Las rachas repentinas pueden desplazar los vehículos; reduce la velocidad y comprueba los cortes.",
  "rec.strong_gusts.ferry": "Las rachas hacen la travesía movida; pueden cancelarse salidas.",
  "rec.strong_gusts.foot": "Aléjate de árboles y andamios durante las rachas más fuertes.",
  "rec.strong_gusts.cycle":
    "Las rachas pueden desplazarte de lado: reduce la velocidad, sujeta fuerte el manillar o camina junto a la bici.",
  "rec.heat.activity": "Hazlo temprano o tarde, bebe agua a menudo y descansa a la sombra.",
  "rec.heat.indoor": "Quédate en lugares con aire acondicionado y limita el tiempo al aire libre en el camino.",
  "rec.heat.transport": "Lleva agua y evita esperas largas al sol.",
  "rec.heat.cycle": "Pedalea temprano o tarde, bebe a menudo y descansa a la sombra.",
  "rec.cold.activity": "Vístete por capas y cubre la piel expuesta; limita el tiempo al aire libre.",
  "rec.cold.indoor": "Abrígate para el camino; la piel expuesta puede congelarse rápidamente.",
  "rec.cold.transport": "Lleva ropa de abrigo por si hay retrasos o averías.",
  "rec.cold.cycle": "Cubre manos, cara y orejas; con la velocidad la piel expuesta se congela rápido.",
  "rec.uv_high.activity": "Usa protector solar, sombrero y gafas de sol, y busca sombra a mediodía.",
  "rec.uv_high.indoor": "Protégete del sol en el camino.",
  "rec.uv_high.transport": "Protégete del sol mientras esperas al aire libre.",
  "rec.low_visibility.activity": "Sigue los senderos señalizados; la visibilidad será mala.",
  "rec.low_visibility.indoor": "Ten cuidado en el camino; la visibilidad será mala.",
  "rec.low_visibility.transport": "Niebla: espera retrasos y guarda más distancia.",
  "rec.low_visibility.road": "Niebla: usa las luces de cruce, guarda más distancia y espera retrasos.",
  "rec.low_visibility.ferry": "Niebla en el mar: las salidas pueden ir más lentas o retrasarse.",
  "rec.low_visibility.cycle": "Niebla: enciende las luces delantera y trasera y viste ropa clara.",
  "rec.thunderstorm.activity": "Si truena, ponte a cubierto: aplaza los planes al aire libre durante la tormenta.",
  "rec.thunderstorm.indoor": "Organiza el trayecto evitando la tormenta.",
  "rec.thunderstorm.transport":
    "Las tormentas pueden retrasar los servicios; evita viajar durante la tormenta si puedes.",
  "rec.thunderstorm.foot": "Si truena, entra en un edificio y espera a que pase la tormenta.",
  "rec.thunderstorm.cycle": "Bájate de la bici y refúgiate en un edificio hasta que pase la tormenta.",
  "rec.snow.activity": "Usa calzado adecuado y cuenta con avanzar más despacio en la nieve.",
  "rec.snow.indoor": "Calcula más tiempo para llegar con nieve.",
  "rec.snow.transport": "Se espera nieve: calcula mucho más tiempo y comprueba las cancelaciones.",
  "rec.snow.cycle": "Nieve: ir en bici no es seguro; camina o usa otro transporte.",
  "rec.severe_alert.activity":
    "Hay un aviso meteorológico grave: sigue las indicaciones oficiales y aplaza los planes al aire libre.",
  "rec.severe_alert.indoor": "Hay un aviso meteorológico grave: sigue las indicaciones oficiales antes de salir.",
  "rec.severe_alert.transport":
    "Hay un aviso meteorológico grave: consulta las indicaciones oficiales y a tu operador antes de salir.",
  "rec.weather_alert.activity": "Hay un aviso meteorológico: consulta los detalles antes de salir.",
  "rec.weather_alert.indoor": "Hay un aviso meteorológico: consulta los detalles antes de salir.",
  "rec.weather_alert.transport": "Hay un aviso meteorológico: consulta los detalles y a tu operador antes de salir.",
  "rec.outside_forecast_horizon.activity":
    "Aún no hay previsión para este momento; vuelve a consultar más cerca de la fecha.",
  "rec.outside_forecast_horizon.indoor":
    "Aún no hay previsión para este momento; vuelve a consultar más cerca de la fecha.",
  "rec.outside_forecast_horizon.transport":
    "Aún no hay previsión para este momento; vuelve a consultar más cerca de la fecha.",
  "reason.rough_sea": "Se espera mar agitado (olas de hasta {height}).",
  "reason.high_waves": "Se esperan olas altas (hasta {height}).",
  "reason.poor_air_quality":
    "Se espera mala calidad del aire ({scale, select, us {ICA de EE. UU.} other {ICA europeo}} hasta {aqi}).",
  "reason.high_pollen":
    "Se espera polen {kind, select, grass {de gramíneas} birch {de abedul} alder {de aliso} olive {de olivo} mugwort {de artemisa} ragweed {de ambrosía} other {de árboles}} alto ({count} granos/m³).",
  "rec.snow_on_road.cycle": "Nieve en las carreteras: ir en bici no es seguro; camine o tome otro medio de transporte.",
  "rec.rough_sea.activity":
    "Mar picado: las excursiones en barco pueden ser incómodas y los bañistas deben quedarse cerca de la orilla.",
  "rec.rough_sea.indoor": "Mar agitado: si su trayecto cruza el agua, compruebe la salida.",
  "rec.rough_sea.transport": "Mar agitado: espere una travesía movida y posibles retrasos; consulte con la naviera.",
  "rec.high_waves.activity": "No se meta en el agua ni suba a embarcaciones pequeñas: las olas son peligrosas.",
  "rec.high_waves.indoor": "Olas altas: si su trayecto cruza el agua, compruebe que sale.",
  "rec.high_waves.transport":
    "Olas altas: es probable que se cancelen las salidas; consulte con la naviera y tenga un plan alternativo.",
  "rec.poor_air_quality.activity":
    "Reduzca el esfuerzo intenso al aire libre; las personas con asma o problemas cardíacos deberían hacerlo bajo techo u otro día.",
  "rec.poor_air_quality.indoor": "Aire contaminado fuera: pase poco tiempo al aire libre en el trayecto.",
  "rec.poor_air_quality.transport":
    "Aire contaminado fuera: mantenga las ventanillas cerradas y limite las esperas al aire libre.",
  "rec.poor_air_quality.cycle":
    "Aire contaminado: pedalee con calma, aléjese del tráfico denso o tome otro medio de transporte.",
  "rec.high_pollen.activity":
    "Personas alérgicas: tomen su medicación antes de salir y eviten los prados recién segados.",
  "rec.high_pollen.indoor": "Personas alérgicas: tomen su medicación antes de salir.",
  "rec.high_pollen.transport": "Personas alérgicas: mantengan las ventanillas cerradas durante el trayecto.",
  "nowcast.dry": "No se espera precipitación en las próximas 2 horas.",
  "nowcast.starts": "{what, select, snow {Nieve} other {Lluvia}} en ~{minutes} min.",
  "nowcast.starts_ends": "{what, select, snow {Nieve} other {Lluvia}} en ~{minutes} min, amainando hacia las {time}.",
  "nowcast.ongoing": "{what, select, snow {Nieve} other {Lluvia}} durante las próximas 2 horas.",
  "nowcast.ongoing_ends": "{what, select, snow {Nieve} other {Lluvia}} amainando hacia las {time}.",
  "summary.day.low": "Sin problemas meteorológicos para {items, plural, one {# plan} other {# planes}}.",
  "summary.day.flagged":
    "{flagged, plural, one {# plan} other {# planes}} de {items} {level, select, warning {en riesgo} other {a vigilar}}: {issue}",
  "reason.moderate_sea": "Se espera marejada (olas de hasta {height}): movido para embarcaciones pequeñas.",
  "reason.steep_sea":
    "Se esperan olas cortas y empinadas (hasta {height}, periodo {period}): duro para embarcaciones pequeñas.",
  "rec.moderate_sea.activity":
    "Marejada: las embarcaciones pequeñas cabecean y embarcan rociones; los bañistas deben quedarse cerca de la orilla.",
  "rec.moderate_sea.indoor": "Marejada: si su trayecto cruza el agua en una embarcación pequeña, compruebe la salida.",
  "rec.moderate_sea.transport":
    "Marejada: las embarcaciones pequeñas pueden ser incómodas o cancelarse; consulte con la naviera.",
  "rec.steep_sea.activity":
    "Olas cortas y empinadas: las embarcaciones pequeñas pantocazan y pueden inundarse; elija aguas resguardadas o aplácelo.",
  "rec.steep_sea.indoor":
    "Mar corta y picada: si su trayecto cruza el agua en una embarcación pequeña, compruebe la salida.",
  "rec.steep_sea.transport":
    "Mar corta y picada: las embarcaciones pequeñas y rápidas pueden ir más despacio o cancelarse; consulte con la naviera.",
};
