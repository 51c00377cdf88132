import net from "node:net";

/**
 * Which hop of X-Forwarded-For is the client. Anyone can send the header, so it is believed only
 * as far as the hops that appended to it are proxies we run (TRUSTED_PROXIES): walking from the
 * socket leftwards, the first address that is not a trusted proxy is the client. With no trusted
 * proxies the socket address is the client and the header is the caller's word, ignored.
 */
export interface TrustedProxies {
  has(address: string): boolean;
}

/** Parses "10.0.0.0/8, 127.0.0.1, ::1, fd00::/8"; throws with the bad entry named. */
export function parseTrustedProxies(list: string | undefined): TrustedProxies {
  const blocks = new net.BlockList();
  for (const raw of (list ?? "").split(",")) {
    const entry = raw.trim();
    if (!entry) continue;
    const [address, prefix, extra] = entry.split("/");
    const family = net.isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    const max = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || !Number.isInteger(bits) || bits < 0 || bits > max || prefix === "") {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR block`);
    }
    blocks.addSubnet(address, bits, family === 6 ? "ipv6" : "ipv4");
  }
  return {
    has(address: string): boolean {
      const plain = unmapped(address);
      const family = net.isIP(plain);
      return family !== 0 && blocks.check(plain, family === 6 ? "ipv6" : "ipv4");
    },
  };
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
function unmapped(address: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1] : address;
}

/**
 * The client's address: the socket peer unless it is a trusted proxy, then the nearest
 * X-Forwarded-For hop (right to left) that is not. A malformed hop ends the walk there: what lies
 * to its left was written by nobody we trust. Undefined when the socket has no address.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: TrustedProxies,
): string | undefined {
  if (!socketAddress) return undefined;
  let client = unmapped(socketAddress);
  if (!trusted.has(client)) return client;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const hops = header
    .split(",")
    .map((h) => h.trim())
    .filter((h) => h.length > 0);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = unmapped(hops[i]);
    if (net.isIP(hop) === 0) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}
