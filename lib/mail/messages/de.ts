/** Mail strings, German (same keys as en.ts). */
export const de: Record<string, string> = {
  "common.brand": "Skycast",
  "common.footer": "Sie erhalten diese E-Mail wegen Ihres Skycast-Kontos.",
  "common.ignore": "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; es ändert sich nichts.",
  "common.linkFallback": "Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:",
  "reset.subject": "Skycast-Passwort zurücksetzen",
  "reset.heading": "Passwort zurücksetzen",
  "reset.body":
    "Für das Skycast-Konto {email} wurde das Zurücksetzen des Passworts angefordert. Der Link unten funktioniert einmal und eine Stunde lang; ein neues Passwort meldet Sie überall sonst ab.",
  "reset.action": "Neues Passwort wählen",
  "verify.subject": "Bestätigen Sie Ihre E-Mail-Adresse für Skycast",
  "verify.heading": "E-Mail-Adresse bestätigen",
  "verify.body":
    "Willkommen bei Skycast. Bestätigen Sie, dass {email} Ihnen gehört, um Produktions-API-Schlüssel zu erstellen. Der Link funktioniert einmal und 7 Tage lang.",
  "verify.action": "E-Mail-Adresse bestätigen",
  "quota.subject": "Skycast: {percent} % Ihres Kontingents {limit_name} verbraucht",
  "quota.heading": "{percent} % Ihres Kontingents verbraucht",
  "quota.body":
    "Das Konto {account} hat im aktuellen Zeitraum {used} von {limit} verbraucht ({limit_name}, Tarif {plan}).",
  "quota.body100":
    "Neue Aufrufe, die dieses Kontingent brauchen, werden bis {resets_at} abgelehnt oder bis Sie den Tarif wechseln.",
  "quota.body80": "Sobald das Limit erreicht ist, werden Aufrufe abgelehnt; es wird am {resets_at} zurückgesetzt.",
  "quota.noReset":
    "Aufrufe, die dieses Kontingent brauchen, werden abgelehnt, bis Sie Kapazität freigeben oder den Tarif wechseln.",
  "quota.action": "Nutzung ansehen",
  "invite.subject": "{inviter} hat Sie zu {account} auf Skycast eingeladen",
  "invite.heading": "{account} auf Skycast beitreten",
  "invite.body":
    "{inviter} hat Sie als {role} in das Skycast-Konto {account} eingeladen. Der Link funktioniert einmal und 7 Tage lang.",
  "invite.action": "Einladung annehmen",
  "limit.requests_per_month": "monatliche Anfragen",
  "limit.timeline_items_per_month": "monatliche Zeitleisten-Einträge",
  "limit.route_calls_per_month": "monatliche Routenabfragen",
  "limit.active_watches": "aktive Überwachungen",
  "invite.subjectOwn": "{inviter} hat Sie zu seinem Skycast-Konto eingeladen",
};
