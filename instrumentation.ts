/**
 * Runs once when the server starts (never during `next build`): installs the edge checks,
 * refuses to start in production with a broken configuration, then starts the in-process local
 * runner when Inngest is not configured (instrumentation-node.ts).
 *
 * Next compiles this file for the Edge runtime too. Only the positive form
 * `if (process.env.NEXT_RUNTIME === "nodejs") { await import(…) }` lets that compile drop the
 * Node-only import (the Next.js instrumentation guide's pattern); an early `return` for other
 * runtimes left every dynamic import below it in the Edge graph, and the dev terminal printed
 * "Ecmascript file had an error" for each Node built-in they reach (issue 32).
 */
export async function register() {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNode } = await import("./instrumentation-node");
    await registerNode();
  }
}
