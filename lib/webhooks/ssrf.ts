import { BlockList, isIP } from "node:net";
import { lookup } from "node:dns/promises";
import { env } from "@/lib/env";

/**
 * SSRF guard for webhook targets (DESIGN section 7). A target must be HTTPS and
 * every address its host resolves to must be public. The caller then connects
 * to the checked address (see post-signed.ts), so a second DNS answer (DNS
 * rebinding) cannot redirect the connection. WEBHOOK_ALLOWED_HOSTS lists hosts
 * or CIDRs that are let through anyway (development and tests only).
 */
export class SsrfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SsrfError";
  }
}

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", incl. unspecified 0.0.0.0
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // CGNAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, incl. cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // TEST-NET-1
  ["192.168.0.0", 16], // RFC 1918
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2
  ["203.0.113.0", 24], // TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, incl. broadcast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["100::", 64], // discard-only
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (ULA)
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(net, prefix, "ipv6");
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes two groups). */
function ipv6Groups(address: string): number[] | undefined {
  let a = address.toLowerCase().replace(/%.*$/, "");
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a);
  if (tail) {
    const [p, q, r, t] = tail.slice(1).map(Number);
    a = a.slice(0, tail.index) + ((p << 8) | q).toString(16) + ":" + ((r << 8) | t).toString(16);
  }
  const [head, rest] = a.split("::");
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const fill = a.includes("::") ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array(fill).fill("0"), ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * IPv4 embedded in an IPv6 address: IPv4-mapped (::ffff:0:0/96), IPv4-translated
 * (::ffff:0:0:0/96), NAT64 (64:ff9b::/96), deprecated IPv4-compatible (::/96)
 * and 6to4 (2002::/16), whether written dotted or in hex.
 */
function embeddedIpv4(address: string): string | undefined {
  const g = ipv6Groups(address);
  if (!g) return undefined;
  const quad = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (g[0] === 0x2002) return quad(g[1], g[2]);
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return quad(g[6], g[7]);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return quad(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return quad(g[6], g[7]);
  return undefined;
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return BLOCKED.check(v4, "ipv4");
    return BLOCKED.check(address, "ipv6");
  }
  return true; // not an address at all: refuse
}

export interface AllowList {
  hosts: Set<string>;
  cidrs: BlockList;
}

export function parseAllowList(raw: string | undefined): AllowList {
  const hosts = new Set<string>();
  const cidrs = new BlockList();
  for (const entry of (raw ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase().replace(/\.+$/, ""))
    .filter(Boolean)) {
    const [addr, bits] = entry.split("/");
    const family = isIP(addr);
    if (family) {
      const type = family === 4 ? "ipv4" : "ipv6";
      cidrs.addSubnet(addr, bits === undefined ? (family === 4 ? 32 : 128) : Number(bits), type);
    } else {
      hosts.add(entry);
    }
  }
  return { hosts, cidrs };
}

export function allowListFromEnv(): AllowList {
  return parseAllowList(env().WEBHOOK_ALLOWED_HOSTS);
}

function allowedAddress(address: string, allow: AllowList): boolean {
  const family = isIP(address);
  return family !== 0 && allow.cidrs.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The host as the resolver and the guard must see it: WHATWG URL parsing has
 * already applied IDNA (UTS 46 mapping + punycode), lower-cased it, and turned
 * decimal/octal/hex IPv4 forms into dotted quads; on top of that, trailing
 * dots are dropped (`localhost.` is localhost) and the result parsed again so a
 * numeric form hidden behind extra dots (`0x7f000001..`) is normalised too.
 * IPv6 brackets are removed. Both the creation and the delivery check use it.
 */
export function canonicalHost(url: URL): string {
  let host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (isIP(host) === 6) return host;
  const stripped = host.replace(/\.+$/, "");
  if (stripped !== host && stripped !== "") {
    try {
      host = new URL(`https://${stripped}/`).hostname.toLowerCase();
    } catch {
      host = stripped;
    }
  }
  return host;
}

const INTERNAL_NAMES = new Set([
  "localhost",
  "localhost.localdomain",
  "ip6-localhost",
  "ip6-loopback",
  "broadcasthost",
]);
const INTERNAL_SUFFIXES = [".localhost", ".internal", ".local", ".localdomain", ".home.arpa"];

function internalName(host: string): boolean {
  return INTERNAL_NAMES.has(host) || INTERNAL_SUFFIXES.some((s) => host.endsWith(s));
}

/**
 * Checks a URL without DNS (used when an endpoint is registered): HTTPS, no
 * credentials, and not a literal internal address or `localhost`.
 * Returns a message describing the problem, or undefined when acceptable.
 */
export function urlProblem(raw: string, allow: AllowList = allowListFromEnv()): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL such as https://example.com/webhooks";
  }
  if (url.protocol !== "https:") return "must use https://";
  if (url.username || url.password) return "must not contain credentials";
  const host = canonicalHost(url);
  if (host === "") return "must name a host";
  if (allow.hosts.has(host)) return undefined;
  if (isIP(host)) {
    if (isInternalAddress(host) && !allowedAddress(host, allow)) return `points to an internal address (${host})`;
    return undefined;
  }
  if (internalName(host)) return `points to an internal host (${host})`;
  return undefined;
}

export interface CheckedTarget {
  url: URL;
  /** The host name (or literal) used for TLS SNI and the Host header. */
  host: string;
  /** The address that was checked; the connection must go there. */
  address: string;
  family: 4 | 6;
}

/**
 * Resolves the target and refuses it unless every resolved address is public
 * (or allow-listed). Throws SsrfError before any connection is made.
 */
export async function resolveSafeTarget(raw: string, allow: AllowList = allowListFromEnv()): Promise<CheckedTarget> {
  const problem = urlProblem(raw, allow);
  if (problem) throw new SsrfError(`Refused webhook target: URL ${problem}.`);
  const url = new URL(raw);
  const host = canonicalHost(url);
  const hostAllowed = allow.hosts.has(host);
  let addresses: Array<{ address: string; family: number }>;
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      throw new SsrfError(
        `Could not resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`,
      );
    }
    if (addresses.length === 0) throw new SsrfError(`Could not resolve ${host}: no addresses.`);
  }
  for (const a of addresses) {
    if (!hostAllowed && isInternalAddress(a.address) && !allowedAddress(a.address, allow)) {
      throw new SsrfError(`Refused webhook target: ${host} resolves to an internal address (${a.address}).`);
    }
  }
  const first = addresses[0];
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
