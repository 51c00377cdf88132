import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

describe("keyset cursor", () => {
  it("round-trips Postgres timestamps with microseconds and both id kinds", () => {
    const c = { at: "2026-11-23 20:55:08.123456+00", id: "7d0c0a43-3f0f-4b36-9a55-2d0d3b7b2c11" };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(decodeCursor(encodeCursor({ at: c.at, id: "42" }), "bigint")).toEqual({ at: c.at, id: "42" });
  });

  it("refuses anything Postgres would choke on with a 400 naming the cursor", () => {
    for (const raw of [
      "",
      "abc",
      enc(["2026-02-31 00:00:00+00", "42"]),
      enc(["0000-01-01 00:00:00+00", "42"]),
      enc(["2026-01-01 25:00:00+00", "42"]),
      enc(["x", "42"]),
      enc(["2026-01-01 00:00:00+00", "1e9"]),
      enc({}),
    ]) {
      expect(() => decodeCursor(raw, "bigint"), raw).toThrow(
        expect.objectContaining({ status: 400, details: { location: "query", field: "cursor" } }),
      );
    }
    expect(() => decodeCursor(enc(["2026-01-01 00:00:00+00", "42"]))).toThrow(expect.objectContaining({ status: 400 }));
  });
});
