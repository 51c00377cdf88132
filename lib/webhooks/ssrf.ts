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

/** IPv4 embedded in an IPv4-mapped (::ffff:a.b.c.d), NAT64 or IPv4-compatible IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1], 16);
    const lo = parseInt(hex[2], 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
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
  for (const entry of (raw ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean)) {
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

/** URL host without IPv6 brackets. WHATWG URL already canonicalises decimal/hex/octal IPv4 forms. */
function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
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
  const host = bareHost(url);
  if (allow.hosts.has(host)) return undefined;
  if (isIP(host)) {
    if (isInternalAddress(host) && !allowedAddress(host, allow)) return `points to an internal address (${host})`;
    return undefined;
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) {
    return `points to an internal host (${host})`;
  }
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
  const host = bareHost(url);
  const hostAllowed = allow.hosts.has(host);
  let addresses: Array<{ address: string; family: number }>;
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (err) {
      throw new SsrfError(`Could not resolve ${host}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`);
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
