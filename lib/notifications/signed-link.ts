import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { encryptionKey } from "@/lib/crypto/encryption";

/** A mailed link stays usable this long (a digest read a week later still opens its proposals). */
export const LINK_TTL_DAYS = 30;

export interface LinkSubject {
  notificationId: string;
  userId: string;
  proposalId: string | null;
  /** Unix seconds. */
  exp: number;
}

let cached: { source: Buffer; key: Buffer } | undefined;

/** Its own key, derived from the app's encryption key (rotating that key retires old links). */
function linkKey(): Buffer {
  const base = encryptionKey();
  if (cached?.source !== base)
    cached = { source: base, key: Buffer.from(hkdfSync("sha256", base, "skycast", "notification-link/v1", 32)) };
  return cached.key;
}

function mac(s: LinkSubject): Buffer {
  return createHmac("sha256", linkKey())
    .update(`notification-link|${s.notificationId}|${s.userId}|${s.proposalId ?? ""}|${s.exp}`)
    .digest();
}

export function signLink(s: LinkSubject): string {
  return mac(s).toString("base64url");
}

/** Constant-time check of a link's signature (any malformed value is simply not valid). */
export function linkSignatureValid(s: LinkSubject, sig: string): boolean {
  const given = Buffer.from(sig, "base64url");
  const want = mac(s);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** The path of a mailed link: /notifications/open?id=…&exp=…&sig=… (made absolute by the mail layer's appUrl). */
export function signedLinkPath(s: Omit<LinkSubject, "exp">, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000) + LINK_TTL_DAYS * 86_400;
  const sig = signLink({ ...s, exp });
  return `/notifications/open?id=${s.notificationId}&exp=${exp}&sig=${sig}`;
}

/** Where a notification points inside the portal: the trip, focused on its proposal when it has one. */
export function portalHref(tripId: number, proposalId: string | null): string {
  return proposalId ? `/trips/${tripId}?proposal=${proposalId}#proposal-${proposalId}` : `/trips/${tripId}`;
}
