import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE, delayBeforeAttemptMs, parseRetrySchedule } from "@/lib/events/retry-schedule";
import { excerpt } from "./post-signed";
import { signPayload, secretPrefix, newSigningSecret, eventEnvelope } from "./signing";

describe("retry schedule", () => {
  it("defaults to immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(parseRetrySchedule(undefined)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(parseRetrySchedule(" ")).toBe(DEFAULT_RETRY_SCHEDULE);
  });

  it("parses WEBHOOK_RETRY_SCHEDULE and rejects nonsense with a message", () => {
    expect(parseRetrySchedule("0, 0.5,2")).toEqual([0, 0.5, 2]);
    expect(() => parseRetrySchedule("0,-1")).toThrow(/non-negative seconds/);
    expect(() => parseRetrySchedule("0,abc")).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });

  it("applies ±20 % jitter and ends after the last entry", () => {
    const s = [0, 300];
    expect(delayBeforeAttemptMs(1, s, () => 0.99)).toBe(0);
    expect(delayBeforeAttemptMs(2, s, () => 0)).toBe(240_000);
    expect(delayBeforeAttemptMs(2, s, () => 1)).toBe(360_000);
    expect(delayBeforeAttemptMs(2, s, () => 0.5)).toBe(300_000);
    expect(delayBeforeAttemptMs(3, s)).toBeNull();
  });
});

describe("signing helpers", () => {
  it("secrets are whsec_ + 32 hex with a 10-character public prefix", () => {
    const { secret, prefix } = newSigningSecret();
    expect(secret).toMatch(/^whsec_[0-9a-f]{32}$/);
    expect(prefix).toBe(secret.slice(0, 10));
    expect(secretPrefix(secret)).toBe(prefix);
  });

  it("matches a known HMAC-SHA256 vector over `${ts}.${body}` keyed by the whole secret", () => {
    // Computed independently: printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac 'whsec_00000000000000000000000000000000'
    const sig = signPayload("whsec_00000000000000000000000000000000", 1700000000, '{"a":1}');
    expect(sig).toBe("e02430922d178da91f680ed54f27eaff509340d95a1838da2bab4e773cd6c323");
    expect(sig).not.toBe(signPayload("whsec_00000000000000000000000000000000", 1700000001, '{"a":1}'));
  });

  it("the envelope has exactly id, type, created_at, data", () => {
    const body = eventEnvelope({
      id: "e1",
      type: "weather.change_detected",
      createdAt: new Date("2026-01-01T00:00:00Z"),
      data: { x: 1 },
    });
    expect(body).toBe(
      '{"id":"e1","type":"weather.change_detected","created_at":"2026-01-01T00:00:00.000Z","data":{"x":1}}',
    );
  });

  it("body excerpts stop at 1 KB on a character boundary", () => {
    expect(Buffer.byteLength(excerpt(Buffer.from("é".repeat(1000))))).toBeLessThanOrEqual(1024);
    expect(excerpt(Buffer.from("é".repeat(1000)))).toBe("é".repeat(512));
    expect(excerpt(Buffer.from("ok"))).toBe("ok");
  });
});
