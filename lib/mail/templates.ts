import { IntlMessageFormat } from "intl-messageformat";
import { resolveLanguage } from "@/lib/i18n/languages";
import { de } from "./messages/de";
import { en } from "./messages/en";
import { es } from "./messages/es";
import { fr } from "./messages/fr";
import { notificationMessages as n } from "./messages/notifications";

/** Mail is written in the four base languages of the weather texts; anything else reads English. */
export const MAIL_LOCALES = ["en", "de", "fr", "es"] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

export const MAIL_CATALOGUES: Record<MailLocale, Record<string, string>> = {
  en: { ...en, ...n.en },
  de: { ...de, ...n.de },
  fr: { ...fr, ...n.fr },
  es: { ...es, ...n.es },
};

/** A BCP-47 tag or Accept-Language value -> the mail language (same negotiation as the weather texts). */
export function mailLocale(tag: string | null | undefined): MailLocale {
  const first = tag?.split(",")[0]?.split(";")[0]?.trim();
  const lang = resolveLanguage(first || undefined);
  return (MAIL_LOCALES as readonly string[]).includes(lang) ? (lang as MailLocale) : "en";
}

const compiled = new Map<string, IntlMessageFormat>();

/** One localised string (ICU MessageFormat); a key missing in a catalogue falls back to English. */
export function mailText(locale: string | undefined, key: string, values?: Record<string, string | number>): string {
  const l = mailLocale(locale);
  const id = `${l}|${key}`;
  let m = compiled.get(id);
  if (!m) {
    const text = MAIL_CATALOGUES[l][key] ?? MAIL_CATALOGUES.en[key];
    if (text === undefined) throw new Error(`mail catalogue has no key ${key}`);
    m = new IntlMessageFormat(text, l);
    compiled.set(id, m);
  }
  return String(m.format(values));
}

export interface BrandedMailInput {
  locale?: string;
  subject: string;
  heading: string;
  /** Plain text paragraphs (escaped in the HTML part). */
  paragraphs: string[];
  /** The one button; its URL is repeated as plain text below it. */
  action?: { label: string; url: string };
  /** Small print under the action (e.g. "ignore this email if…"). */
  note?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  locale: string;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * The one mail layout: a plain, branded message with a text part and an HTML part saying the
 * same thing (inline styles only: mail clients drop <style>). Every value is escaped.
 */
export function brandedMail(m: BrandedMailInput): RenderedMail {
  const locale = mailLocale(m.locale);
  const brand = mailText(locale, "common.brand");
  const footer = mailText(locale, "common.footer");
  const fallback = mailText(locale, "common.linkFallback");
  const text = [
    m.heading,
    "",
    ...m.paragraphs.flatMap((p) => [p, ""]),
    ...(m.action ? [`${m.action.label}: ${m.action.url}`, ""] : []),
    ...(m.note ? [m.note, ""] : []),
    "--",
    `${brand} · ${footer}`,
  ].join("\n");
  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:22px;color:#334155">${escapeHtml(s)}</p>`;
  const button = m.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(m.action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;font-size:15px;padding:12px 20px;border-radius:8px">${escapeHtml(m.action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(fallback)}<br><a href="${escapeHtml(m.action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(m.action.url)}</a></p>`
    : "";
  const note = m.note
    ? `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#64748b">${escapeHtml(m.note)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(m.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#4f46e5">${escapeHtml(brand)}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:28px;color:#0f172a">${escapeHtml(m.heading)}</h1>
${m.paragraphs.map(p).join("\n")}
${button}
${note}
<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:#94a3b8">${escapeHtml(footer)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { subject: m.subject, text, html, locale };
}
