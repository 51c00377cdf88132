import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeUser } from "@/lib/testing/fixtures";
import { makeApiWorld, type ApiWorld } from "@/lib/testing/api-world";
import { exampleRequest, exampleStatus, publicContracts, send } from "@/lib/testing/example-requests";
import { deliveryTestWorld } from "@/lib/webhooks/testing/delivery-world";
import { RECORDED_RESPONSES, type RecordedExample } from "./examples/attach";
import { openApiDocument } from "@/lib/registry/openapi-document";
import { checkResponse } from "@/lib/registry/testing/response-check";

/**
 * Every operation's documented request example runs against the app (in-process, the credential its
 * security names, path ids of fresh fixtures) and answers its documented status with a body that
 * validates strictly (call() checks it). RECORD_EXAMPLES=1 rewrites examples/responses.json, the
 * response examples of the document, from these answers.
 */
const RECORD = process.env.RECORD_EXAMPLES === "1";
const recorded: Record<string, RecordedExample> = {};
let w: ApiWorld;

// Its own database, loopback webhook settings, one HTTPS receiver for the file.
const world = deliveryTestWorld("0", { receiverPerFile: true });

beforeAll(async () => {
  await makeUser({ email: "ana.silva@example.com" }); // tripMembers.add adds an existing user
  w = await makeApiWorld(world.rx.url("/skycast/events"));
});
afterAll(async () => {
  if (!RECORD) return;
  const receiverOrigin = new URL(world.rx.url("/")).origin;
  const sorted = Object.fromEntries(Object.entries(recorded).sort(([a], [b]) => a.localeCompare(b)));
  // The loopback receiver stands in for an integrator's endpoint: show the endpoint the examples name.
  const text = JSON.stringify(sorted, null, 2).replaceAll(receiverOrigin, "https://hooks.example.com/skycast");
  writeFileSync(path.join(import.meta.dirname, "examples/responses.json"), text + "\n");
});

/** Long arrays shortened to 3 items, so the document stays readable (the shortened body is re-validated below). */
function shorten(v: unknown): unknown {
  if (Array.isArray(v)) return v.slice(0, 3).map(shorten);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x)]));
  return v;
}

describe("every request example runs and answers its documented status", () => {
  for (const c of publicContracts()) {
    it(`${c.operationId}: ${c.method} ${c.path}`, async () => {
      const res = await send(c, await exampleRequest(c, w));
      expect(res.status, res.text.slice(0, 800)).toBe(exampleStatus(c));
      if (RECORD) {
        const type = res.headers.get("content-type")?.split(";")[0] ?? "";
        recorded[c.operationId!] = {
          status: res.status,
          contentType: type,
          body: type.includes("json") ? shorten(res.body) : res.text || null,
        };
      }
    });
  }
});

describe("every operation documents both examples", () => {
  const doc = openApiDocument() as any;
  it.skipIf(RECORD)("a request example on the contract and a recorded response example that validates strictly", () => {
    const problems: string[] = [];
    for (const c of publicContracts()) {
      const id = c.operationId!;
      if (!c.examples) problems.push(`${id}: no request example`);
      const op = doc.paths[c.path][c.method.toLowerCase()];
      const needsBody = op.requestBody?.required;
      if (needsBody && op.requestBody.content["application/json"].example === undefined)
        problems.push(`${id}: request body has no example`);
      const rec = RECORDED_RESPONSES[id];
      if (!rec) {
        problems.push(`${id}: no recorded response example (run with RECORD_EXAMPLES=1)`);
        continue;
      }
      if (rec.status !== exampleStatus(c))
        problems.push(`${id}: recorded ${rec.status}, documented ${exampleStatus(c)}`);
      const content = op.responses[String(rec.status)]?.content;
      if (content && content[rec.contentType]?.example === undefined)
        problems.push(`${id}: response ${rec.status} ${rec.contentType} has no example`);
      if (rec.contentType === "application/json") {
        problems.push(
          ...checkResponse(c, rec.status, new Headers({ "content-type": rec.contentType }), JSON.stringify(rec.body)),
        );
      }
    }
    expect(problems).toEqual([]);
    expect(publicContracts().length).toBeGreaterThan(60);
  });
});
