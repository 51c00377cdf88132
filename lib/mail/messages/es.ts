/** Mail strings, Spanish (same keys as en.ts). */
export const es: Record<string, string> = {
  "common.brand": "Skycast",
  "common.footer": "Recibe este correo por su cuenta de Skycast.",
  "common.ignore": "Si no lo ha solicitado, puede ignorar este correo; no cambia nada.",
  "common.linkFallback": "Si el botón no funciona, copie este enlace en su navegador:",
  "reset.subject": "Restablezca su contraseña de Skycast",
  "reset.heading": "Restablecer la contraseña",
  "reset.body":
    "Se ha solicitado restablecer la contraseña de la cuenta de Skycast {email}. El enlace funciona una vez, durante una hora; una nueva contraseña cierra la sesión en todos los demás sitios.",
  "reset.action": "Elegir una contraseña nueva",
  "verify.subject": "Confirme su dirección de correo para Skycast",
  "verify.heading": "Confirme su dirección de correo",
  "verify.body":
    "Bienvenido a Skycast. Confirme que {email} es suya para crear claves de API de producción. El enlace funciona una vez, durante 7 días.",
  "verify.action": "Confirmar mi dirección de correo",
  "quota.subject": "Skycast: {percent} % de su cuota {limit_name} usado",
  "quota.heading": "{percent} % de su cuota usado",
  "quota.body": "La cuenta {account} ha usado {used} de {limit} ({limit_name}, plan {plan}) en el periodo actual.",
  "quota.body100":
    "Las llamadas nuevas que necesitan esta cuota se rechazan hasta el {resets_at} o hasta que cambie de plan.",
  "quota.body80": "Las llamadas se rechazarán al alcanzar el límite; se restablece el {resets_at}.",
  "quota.noReset": "Las llamadas que necesitan esta cuota se rechazan hasta que libere capacidad o cambie de plan.",
  "quota.action": "Ver el consumo",
  "invite.subject": "{inviter} le ha invitado a {account} en Skycast",
  "invite.heading": "Unirse a {account} en Skycast",
  "invite.body":
    "{inviter} le ha invitado a la cuenta de Skycast {account} con el rol {role}. El enlace funciona una vez, durante 7 días.",
  "invite.action": "Aceptar la invitación",
  "limit.requests_per_month": "solicitudes mensuales",
  "limit.timeline_items_per_month": "elementos de itinerario mensuales",
  "limit.route_calls_per_month": "llamadas de ruta mensuales",
  "limit.active_watches": "vigilancias activas",
  "invite.subjectOwn": "{inviter} le ha invitado a su cuenta de Skycast",
};
