import { describe, expect, it } from "vitest";
import { parseTrustedProxies, resolveClientAddress } from "./client-address";

describe("resolveClientAddress", () => {
  const none = parseTrustedProxies(undefined);
  const lb = parseTrustedProxies("10.0.0.0/8, 127.0.0.1, fd00::/8");

  it("ignores X-Forwarded-For from an untrusted peer: the socket is the client", () => {
    expect(resolveClientAddress("203.0.113.9", "1.2.3.4", none)).toBe("203.0.113.9");
    expect(resolveClientAddress("203.0.113.9", "1.2.3.4", lb)).toBe("203.0.113.9");
    expect(resolveClientAddress("::ffff:203.0.113.9", undefined, none)).toBe("203.0.113.9");
  });

  it("believes hops only as far as trusted proxies appended them", () => {
    // client → 10.1.1.1 (our LB) → 10.2.2.2 (our ingress) → app
    expect(resolveClientAddress("10.2.2.2", "198.51.100.7, 10.1.1.1", lb)).toBe("198.51.100.7");
    // A spoofed leftmost hop is not reached: the first untrusted hop from the right is the client.
    expect(resolveClientAddress("10.2.2.2", "6.6.6.6, 198.51.100.7, 10.1.1.1", lb)).toBe("198.51.100.7");
    expect(resolveClientAddress("::ffff:127.0.0.1", ["6.6.6.6", "198.51.100.7"], lb)).toBe("198.51.100.7");
    expect(resolveClientAddress("fd00::1", "2001:db8::5", lb)).toBe("2001:db8::5");
  });

  it("stops at a malformed hop and falls back to the nearest trusted address", () => {
    expect(resolveClientAddress("10.2.2.2", "198.51.100.7, not-an-ip, 10.1.1.1", lb)).toBe("10.1.1.1");
    expect(resolveClientAddress("10.2.2.2", "", lb)).toBe("10.2.2.2");
    expect(resolveClientAddress("10.2.2.2", undefined, lb)).toBe("10.2.2.2");
    expect(resolveClientAddress(undefined, "1.2.3.4", lb)).toBeUndefined();
  });

  it("refuses a list entry that is not an address or CIDR block, naming it", () => {
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0.1/8/2", "::1/129", "10.0.0.0/"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(`"${bad}"`);
    }
    expect(parseTrustedProxies(" , 192.168.0.0/16 ,").has("192.168.4.4")).toBe(true);
    expect(parseTrustedProxies("192.168.0.0/16").has("192.169.0.1")).toBe(false);
  });
});
