/**
 * Trip member notifications (issue 42 item 4), in the four mail languages (ICU MessageFormat). Kept
 * apart from the account mails' catalogues and merged into them in ../templates.ts.
 */
export const notificationMessages: Record<"en" | "de" | "fr" | "es", Record<string, string>> = {
  en: {
    "notify.proposal.title": "A proposal for {trip} awaits your review",
    "notify.proposal.body": "{agent} proposes: {option}. Accept or reject it before {expires}.",
    "notify.proposal.bodyChanges": "{agent} proposes changes to the itinerary. Accept or reject them before {expires}.",
    "notify.risk.title": "{event} on {trip} reached {level}",
    "notify.risk.body":
      "The forecast for {event} ({when}) is now at {level}, the trip's threshold for a new plan is {threshold}.",
    "notify.risk.bodyProposal": "The weather planner proposes: {option}.",
    "notify.action": "Open the proposal",
    "notify.actionTrip": "Open the trip",
    "notify.note": "Change how and when you hear about your trips in the portal under Notification settings.",
    "notify.digest.subject": "Skycast: {count, plural, one {# update} other {# updates}} on your trips",
    "notify.digest.heading": "Today on your trips",
    "notify.digest.action": "Open your inbox",
  },
  de: {
    "notify.proposal.title": "Ein Vorschlag für {trip} wartet auf Ihre Prüfung",
    "notify.proposal.body": "{agent} schlägt vor: {option}. Annehmen oder ablehnen bis {expires}.",
    "notify.proposal.bodyChanges": "{agent} schlägt Änderungen am Reiseplan vor. Annehmen oder ablehnen bis {expires}.",
    "notify.risk.title": "{event} auf {trip} hat {level} erreicht",
    "notify.risk.body":
      "Die Vorhersage für {event} ({when}) steht jetzt auf {level}; die Schwelle der Reise für einen neuen Plan ist {threshold}.",
    "notify.risk.bodyProposal": "Der Wetterplaner schlägt vor: {option}.",
    "notify.action": "Vorschlag öffnen",
    "notify.actionTrip": "Reise öffnen",
    "notify.note": "Wie und wann Sie von Ihren Reisen hören, ändern Sie im Portal unter Benachrichtigungen.",
    "notify.digest.subject": "Skycast: {count, plural, one {# Neuigkeit} other {# Neuigkeiten}} zu Ihren Reisen",
    "notify.digest.heading": "Heute auf Ihren Reisen",
    "notify.digest.action": "Posteingang öffnen",
  },
  fr: {
    "notify.proposal.title": "Une proposition pour {trip} attend votre avis",
    "notify.proposal.body": "{agent} propose : {option}. Acceptez-la ou refusez-la avant le {expires}.",
    "notify.proposal.bodyChanges":
      "{agent} propose des modifications de l'itinéraire. Acceptez-les ou refusez-les avant le {expires}.",
    "notify.risk.title": "{event} ({trip}) a atteint {level}",
    "notify.risk.body":
      "La prévision pour {event} ({when}) est maintenant {level} ; le seuil du voyage pour un nouveau plan est {threshold}.",
    "notify.risk.bodyProposal": "Le planificateur météo propose : {option}.",
    "notify.action": "Ouvrir la proposition",
    "notify.actionTrip": "Ouvrir le voyage",
    "notify.note": "Choisissez comment et quand être prévenu dans le portail, sous Réglages des notifications.",
    "notify.digest.subject": "Skycast : {count, plural, one {# nouvelle} other {# nouvelles}} de vos voyages",
    "notify.digest.heading": "Aujourd'hui sur vos voyages",
    "notify.digest.action": "Ouvrir la boîte de réception",
  },
  es: {
    "notify.proposal.title": "Una propuesta para {trip} espera tu revisión",
    "notify.proposal.body": "{agent} propone: {option}. Acéptala o recházala antes del {expires}.",
    "notify.proposal.bodyChanges":
      "{agent} propone cambios en el itinerario. Acéptalos o recházalos antes del {expires}.",
    "notify.risk.title": "{event} en {trip} alcanzó {level}",
    "notify.risk.body":
      "El pronóstico para {event} ({when}) está ahora en {level}; el umbral del viaje para un nuevo plan es {threshold}.",
    "notify.risk.bodyProposal": "El planificador del tiempo propone: {option}.",
    "notify.action": "Abrir la propuesta",
    "notify.actionTrip": "Abrir el viaje",
    "notify.note": "Elige cómo y cuándo te avisamos en el portal, en Ajustes de notificaciones.",
    "notify.digest.subject": "Skycast: {count, plural, one {# novedad} other {# novedades}} de tus viajes",
    "notify.digest.heading": "Hoy en tus viajes",
    "notify.digest.action": "Abrir la bandeja de entrada",
  },
};
