import fs from "node:fs";
import { expect } from "vitest";

/**
 * Vitest setup, a diagnostic that is off by default. TEST_STALLS_FILE=<path>: every time a worker's
 * event loop was stopped for more than STALL_MS, append a JSON line with the worker, the stall's length
 * and the test that was current when the loop came back (a stall at a file's start shows that file's
 * first test). The check behind decision 0175: a request to a receiver inside the test process waits
 * out every such stall, so its timeout must be far above them.
 */
const stallsFile = process.env.TEST_STALLS_FILE;
const TICK_MS = 100;
const STALL_MS = 500;
const started = globalThis as { __skycastStallMonitor?: true };

// Files share worker processes: one monitor per process, however many files run this setup.
if (stallsFile && !started.__skycastStallMonitor) {
  started.__skycastStallMonitor = true;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const stalled = now - last - TICK_MS;
    last = now;
    if (stalled <= STALL_MS) return;
    const state = expect.getState();
    const line = {
      pid: process.pid,
      stalled_ms: Math.round(stalled),
      at: new Date().toISOString(),
      file: state.testPath ?? "",
      test: state.currentTestName ?? "",
    };
    fs.appendFileSync(stallsFile, JSON.stringify(line) + "\n");
  }, TICK_MS).unref();
}
