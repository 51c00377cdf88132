import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { API_KEY_SCOPES } from "@/lib/auth/scopes";
import { createApiKey } from "@/lib/auth/api-keys";
import { createAccessToken } from "@/lib/auth/access-tokens";
import { createVisaKey } from "@/lib/visa/visa-keys";
import { addTeamMember, sessionCookie, SAME_ORIGIN } from "@/lib/accounts/testing/team-fixtures";
import { makeUser, type TestUser } from "@/lib/testing/fixtures";
import { makeApiWorld, type ApiWorld } from "@/lib/testing/api-world";
import { exampleRequest, publicContracts, send } from "@/lib/testing/example-requests";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import type { CallResult } from "./testing/call-route";

/**
 * Issue 43, item 1: a stored Idempotency-Key response belongs to the credential that made it. For
 * every operation of the document that takes the header (POST/PATCH with a credential), the
 * operation's example runs with its credential and a key; then every other credential of the same
 * account (a weaker key, a sibling all-scope key, the owner's session, an admin's and a developer's
 * session, an admin's key, an access token, a visa key) sends the same key and request: none gets
 * the first response (each runs through the operation's own checks as a new request). The first
 * credential still gets its replay. Before the fix (keys scoped to the account) every other
 * credential that passed the route's scope check got `Idempotent-Replayed: true` and, on key
 * creation, the owner's new all-scope key.
 */
const world = deliveryTestWorld("0", { receiverPerFile: true });
let w: ApiWorld;
let production: Credential[];
let sandbox: { first: Record<string, string>; others: Credential[] };

interface Credential {
  name: string;
  headers: Record<string, string>;
}

const bearer = (v: string) => ({ authorization: `Bearer ${v}` });

/** Every kind of credential one account has besides `first`. */
async function credentialsOf(owner: TestUser, opts: { visa: boolean }): Promise<Credential[]> {
  const o = { userId: owner.userId, accountId: owner.accountId };
  const admin = await addTeamMember(owner.accountId, "admin");
  const developer = await addTeamMember(owner.accountId, "developer");
  const out: Credential[] = [
    { name: "the owner's weather:read key", headers: bearer(await owner.key(["weather:read"])) },
    {
      name: "another all-scope key of the owner",
      headers: bearer((await createApiKey(o, { name: "sibling", scopes: [...API_KEY_SCOPES] })).key),
    },
    {
      name: "the owner's session",
      headers: { cookie: await sessionCookie(owner.userId, owner.accountId), ...SAME_ORIGIN },
    },
    { name: "an admin's session", headers: admin.portal },
    { name: "a developer's session", headers: developer.portal },
    {
      name: "an admin's all-scope key",
      headers: bearer(
        (
          await createApiKey(
            { userId: admin.userId, accountId: owner.accountId },
            { name: "admin's", scopes: [...API_KEY_SCOPES] },
          )
        ).key,
      ),
    },
    {
      name: "the owner's access token",
      headers: bearer((await createAccessToken(owner.userId, { name: "other" })).token),
    },
  ];
  if (opts.visa)
    out.push({ name: "a visa key", headers: { "x-visa-intel-key": (await createVisaKey(o, { name: "other" })).key } });
  return out;
}

beforeAll(async () => {
  await makeUser({ email: "ana.silva@example.com" }); // tripMembers.add adds an existing user
  w = await makeApiWorld(world.rx.url("/skycast/events"));
  production = await credentialsOf(w.user, { visa: true });
  const s = await makeUser({ plan: "pro", environment: "sandbox" });
  sandbox = { first: bearer(await s.key([...API_KEY_SCOPES])), others: await credentialsOf(s, { visa: false }) };
});

/** The same credential: the same secret, or (sessions) the same person: every session of one person is one credential. */
const sameCredential = (o: Credential, first: Record<string, string>) =>
  first.cookie
    ? o.name === "the owner's session"
    : (o.headers.authorization ?? o.headers["x-visa-intel-key"]) === (first.authorization ?? first["x-visa-intel-key"]);

/** Operations that take Idempotency-Key: POST and PATCH with a credential (the others ignore it). */
const idempotent = publicContracts().filter(
  (c) => (c.method === "POST" || c.method === "PATCH") && (c.auth.security ?? []).length > 0,
);

describe("a stored Idempotency-Key response is replayed only to the credential that made it", () => {
  it("covers every operation that takes the header", () => {
    expect(idempotent.length).toBeGreaterThan(35);
  });

  for (const c of idempotent) {
    it(`${c.operationId}: ${c.method} ${c.path}`, async () => {
      const req = await exampleRequest(c, w);
      const isSandbox = c.path.startsWith("/v1/weather/simulations");
      if (isSandbox) req.headers = { ...sandbox.first };
      const others = (isSandbox ? sandbox.others : production).filter((o) => !sameCredential(o, req.headers));
      const key = randomUUID();
      const as = (headers: Record<string, string>): Promise<CallResult> =>
        send(c, { ...req, headers: { ...headers, "Idempotency-Key": key } }, { checkContract: false });

      const first = await as(req.headers);
      expect(first.status, first.text.slice(0, 500)).toBeLessThan(500);
      expect(first.headers.get("Idempotent-Replayed")).toBeNull();
      const firstId = first.headers.get("X-Request-Id");

      for (const other of others) {
        const res = await as(other.headers);
        expect(res.status, `${other.name}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        expect(res.headers.get("Idempotent-Replayed"), other.name).toBeNull();
        // Its own answer (an operation that answers the same thing to anyone may match the first's body; the request ids say whose it is).
        expect(res.headers.get("Original-Request"), other.name).toBeNull();
        expect(res.headers.get("X-Request-Id"), other.name).not.toBe(firstId);
      }

      const again = await as(req.headers);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(again.headers.get("Original-Request")).toBe(firstId);
      expect(again.status).toBe(first.status);
      expect(again.text).toBe(first.text);
    });
  }
});
