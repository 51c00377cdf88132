import { afterAll, afterEach, beforeEach, expect } from "vitest";
import { setLogSink, type LogEntry } from "@/lib/log";

/**
 * Vitest setup (every test file): log lines are captured, not printed, so a passing run is quiet.
 * A test that provokes an error-level log must claim it with `takeLogs` and assert on it; an
 * unclaimed error-level line fails the test that produced it. TEST_LOGS=1 prints everything.
 */
let captured: LogEntry[] = [];
const print = process.env.TEST_LOGS === "1";

setLogSink((entry) => {
  if (print) process.stderr.write(entry.line + "\n");
  captured.push(entry);
});

/** Removes and returns the captured lines whose message matches (all levels). */
export function takeLogs(match: RegExp | string): LogEntry[] {
  const test = (e: LogEntry) => (typeof match === "string" ? e.msg === match : match.test(e.msg));
  const taken = captured.filter(test);
  captured = captured.filter((e) => !test(e));
  return taken;
}

function unclaimedErrors(): string[] {
  const errors = captured.filter((e) => e.level === "error").map((e) => e.line.slice(0, 500));
  captured = [];
  return errors;
}

beforeEach(() => {
  captured = [];
});

afterEach(() => {
  const errors = unclaimedErrors();
  expect(errors, "error-level log lines this test did not claim with takeLogs()").toEqual([]);
});

afterAll(() => {
  const errors = unclaimedErrors();
  expect(errors, "error-level log lines after the last test of this file").toEqual([]);
});
