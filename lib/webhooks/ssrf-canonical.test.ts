import { describe, expect, it } from "vitest";
import { canonicalHost, isInternalAddress, parseAllowList, resolveSafeTarget, SsrfError, urlProblem } from "./ssrf";

/**
 * Host canonicalisation, table-driven: every spelling of an internal host must
 * be refused by BOTH the creation check (urlProblem, no DNS) and the delivery
 * check (resolveSafeTarget), and public literals accepted by both. Names that
 * need DNS are only checked at creation (tests never resolve internet names).
 */
const none = parseAllowList("");

// [url, canonical host]
const internal: Array<[string, string]> = [
  // trailing dots and case
  ["https://localhost./hook", "localhost"],
  ["https://localhost../hook", "localhost"],
  ["https://LOCALHOST./hook", "localhost"],
  ["https://LocalHost/hook", "localhost"],
  ["https://foo.localhost./hook", "foo.localhost"],
  ["https://metadata.google.internal./hook", "metadata.google.internal"],
  ["https://printer.local./hook", "printer.local"],
  ["https://localhost.localdomain/hook", "localhost.localdomain"],
  ["https://router.home.arpa/hook", "router.home.arpa"],
  ["https://ip6-localhost/hook", "ip6-localhost"],
  // IDNA / Unicode mapping (UTS 46) and percent-encoding
  ["https://ⓛocalhost/hook", "localhost"],
  ["https://ｌｏｃａｌｈｏｓｔ/hook", "localhost"],
  ["https://localhost。/hook", "localhost"],
  ["https://%6c%6f%63%61%6c%68%6f%73%74/hook", "localhost"],
  ["https://127。0。0。1/hook", "127.0.0.1"],
  ["https://①②⑦.0.0.1/hook", "127.0.0.1"],
  // IPv4 in decimal, octal, hex, short and mixed forms, with trailing dots
  ["https://127.0.0.1/hook", "127.0.0.1"],
  ["https://127.0.0.1./hook", "127.0.0.1"],
  ["https://127.0.0.1../hook", "127.0.0.1"],
  ["https://127.1/hook", "127.0.0.1"],
  ["https://127.0.1/hook", "127.0.0.1"],
  ["https://2130706433/hook", "127.0.0.1"],
  ["https://2130706433./hook", "127.0.0.1"],
  ["https://017700000001/hook", "127.0.0.1"],
  ["https://0177.0.0.1/hook", "127.0.0.1"],
  ["https://0177.0.0.01/hook", "127.0.0.1"],
  ["https://0x7f000001/hook", "127.0.0.1"],
  ["https://0X7F000001/hook", "127.0.0.1"],
  ["https://0x7f000001../hook", "127.0.0.1"],
  ["https://0x7f.0.0.1/hook", "127.0.0.1"],
  ["https://0x7f.1/hook", "127.0.0.1"],
  ["https://0/hook", "0.0.0.0"],
  ["https://0.0.0.0/hook", "0.0.0.0"],
  ["https://10.1.2.3/hook", "10.1.2.3"],
  ["https://012.1.2.3/hook", "10.1.2.3"],
  ["https://167772161/hook", "10.0.0.1"],
  ["https://172.16.0.1/hook", "172.16.0.1"],
  ["https://0xac100001/hook", "172.16.0.1"],
  ["https://192.168.0.1/hook", "192.168.0.1"],
  ["https://3232235521/hook", "192.168.0.1"],
  ["https://0300.0250.0.1/hook", "192.168.0.1"],
  ["https://169.254.169.254/latest/meta-data/", "169.254.169.254"],
  ["https://2852039166/hook", "169.254.169.254"],
  ["https://0xa9fea9fe/hook", "169.254.169.254"],
  ["https://100.64.0.1/hook", "100.64.0.1"],
  ["https://224.0.0.1/hook", "224.0.0.1"],
  ["https://255.255.255.255/hook", "255.255.255.255"],
  // IPv6 loopback, unspecified, private, and IPv4 embedded in IPv6
  ["https://[::1]/hook", "::1"],
  ["https://[0:0:0:0:0:0:0:1]/hook", "::1"],
  ["https://[::]/hook", "::"],
  ["https://[::ffff:127.0.0.1]/hook", "::ffff:7f00:1"],
  ["https://[::FFFF:7F00:1]/hook", "::ffff:7f00:1"],
  ["https://[0:0:0:0:0:ffff:127.0.0.1]/hook", "::ffff:7f00:1"],
  ["https://[::ffff:169.254.169.254]/hook", "::ffff:a9fe:a9fe"],
  ["https://[::ffff:10.0.0.1]/hook", "::ffff:a00:1"],
  ["https://[::ffff:0:7f00:1]/hook", "::ffff:0:7f00:1"],
  ["https://[::127.0.0.1]/hook", "::7f00:1"],
  ["https://[64:ff9b::127.0.0.1]/hook", "64:ff9b::7f00:1"],
  ["https://[2002:7f00:1::]/hook", "2002:7f00:1::"],
  ["https://[2002:a9fe:a9fe::1]/hook", "2002:a9fe:a9fe::1"],
  ["https://[fd00::1]/hook", "fd00::1"],
  ["https://[fe80::1]/hook", "fe80::1"],
  ["https://[ff02::1]/hook", "ff02::1"],
];

const publicLiterals: Array<[string, string]> = [
  ["https://93.184.216.34/hook", "93.184.216.34"],
  ["https://93.184.216.34./hook", "93.184.216.34"],
  ["https://1572395042/hook", "93.184.216.34"],
  ["https://0x5db8d822/hook", "93.184.216.34"],
  ["https://[::ffff:8.8.8.8]/hook", "::ffff:808:808"],
  ["https://[2606:4700:4700::1111]/hook", "2606:4700:4700::1111"],
  ["https://[2002:808:808::1]/hook", "2002:808:808::1"],
];

const publicNames: Array<[string, string]> = [
  ["https://Example.COM./hook", "example.com"],
  ["https://bücher.example/hook", "xn--bcher-kva.example"],
  ["https://localhost.example.com/hook", "localhost.example.com"],
  ["https://internal.example.com/hook", "internal.example.com"],
];

describe("host canonicalisation", () => {
  for (const [url, host] of [...internal, ...publicLiterals, ...publicNames]) {
    it(`${url} → ${host}`, () => expect(canonicalHost(new URL(url))).toBe(host));
  }
});

describe("internal hosts are refused at creation and at delivery, however spelled", () => {
  for (const [url] of internal) {
    it(url, async () => {
      expect(urlProblem(url, none)).toMatch(/internal/);
      await expect(resolveSafeTarget(url, none)).rejects.toBeInstanceOf(SsrfError);
    });
  }
});

describe("public hosts pass both checks", () => {
  for (const [url, host] of publicLiterals) {
    it(url, async () => {
      expect(urlProblem(url, none)).toBeUndefined();
      await expect(resolveSafeTarget(url, none)).resolves.toMatchObject({ address: host });
    });
  }
  for (const [url] of publicNames) it(`${url} (creation check)`, () => expect(urlProblem(url, none)).toBeUndefined());
});

describe("allow-list entries are canonical too", () => {
  it("an allow-listed host matches with or without a trailing dot", () => {
    const allow = parseAllowList("hooks.test.,127.0.0.1");
    expect(urlProblem("https://hooks.test/x", allow)).toBeUndefined();
    expect(urlProblem("https://HOOKS.test./x", allow)).toBeUndefined();
    expect(urlProblem("https://127.0.0.1./x", allow)).toBeUndefined();
  });

  it("classifies embedded IPv4 however written", () => {
    for (const a of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:0:7f00:1",
      "64:ff9b::a00:1",
      "2002:7f00::",
      "::7f00:1",
      "0:0:0:0:0:ffff:a9fe:a9fe",
    ]) {
      expect(isInternalAddress(a), a).toBe(true);
    }
    for (const a of ["::ffff:808:808", "2002:808:808::", "2606:4700:4700::1111"])
      expect(isInternalAddress(a), a).toBe(false);
  });
});
