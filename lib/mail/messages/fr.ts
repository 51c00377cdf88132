/** Mail strings, French (same keys as en.ts). */
export const fr: Record<string, string> = {
  "common.brand": "Skycast",
  "common.footer": "Vous recevez cet e-mail en raison de votre compte Skycast.",
  "common.ignore": "Si vous n’avez rien demandé, ignorez cet e-mail ; rien ne change.",
  "common.linkFallback": "Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :",
  "reset.subject": "Réinitialisez votre mot de passe Skycast",
  "reset.heading": "Réinitialiser votre mot de passe",
  "reset.body":
    "Une réinitialisation du mot de passe du compte Skycast {email} a été demandée. Le lien ci-dessous fonctionne une fois, pendant une heure ; un nouveau mot de passe vous déconnecte partout ailleurs.",
  "reset.action": "Choisir un nouveau mot de passe",
  "verify.subject": "Confirmez votre adresse e-mail pour Skycast",
  "verify.heading": "Confirmez votre adresse e-mail",
  "verify.body":
    "Bienvenue sur Skycast. Confirmez que {email} vous appartient pour créer des clés d’API de production. Le lien fonctionne une fois, pendant 7 jours.",
  "verify.action": "Confirmer mon adresse e-mail",
  "quota.subject": "Skycast : {percent} % de votre quota {limit_name} utilisé",
  "quota.heading": "{percent} % de votre quota utilisé",
  "quota.body":
    "Le compte {account} a utilisé {used} sur {limit} ({limit_name}, offre {plan}) pendant la période en cours.",
  "quota.body100":
    "Les nouveaux appels qui demandent ce quota sont refusés jusqu’au {resets_at} ou jusqu’à un changement d’offre.",
  "quota.body80": "Les appels seront refusés une fois la limite atteinte ; elle est remise à zéro le {resets_at}.",
  "quota.noReset":
    "Les appels qui demandent ce quota sont refusés jusqu’à ce que vous libériez de la place ou changiez d’offre.",
  "quota.action": "Voir la consommation",
  "invite.subject": "{inviter} vous invite à rejoindre {account} sur Skycast",
  "invite.heading": "Rejoindre {account} sur Skycast",
  "invite.body":
    "{inviter} vous invite dans le compte Skycast {account} avec le rôle {role}. Le lien fonctionne une fois, pendant 7 jours.",
  "invite.action": "Accepter l’invitation",
  "limit.requests_per_month": "requêtes mensuelles",
  "limit.timeline_items_per_month": "éléments de chronologie mensuels",
  "limit.route_calls_per_month": "appels d’itinéraire mensuels",
  "limit.active_watches": "surveillances actives",
  "invite.subjectOwn": "{inviter} vous invite à rejoindre son compte Skycast",
};
