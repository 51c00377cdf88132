/**
 * Admin CLI: `npm run --silent admin -- <command> [--flags]`.
 * Prints exactly one JSON object on stdout. Bad input: a message on stderr, a
 * JSON {"error"} on stdout, exit code 2. Other failures: exit code 1.
 */
import { z } from "zod";
import { closeDb } from "@/lib/db/client";
import { DatabaseLockedError } from "@/lib/db/pglite-lock";
import { isApiError } from "@/lib/http/errors";
import { commands } from "./admin/commands";

function parseFlags(argv: string[]): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith("--")) throw new UsageError(`Unexpected argument "${a}"; flags look like --name value.`);
    let name = a.slice(2);
    let value: string | boolean = true;
    const eq = name.indexOf("=");
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    } else if (i + 1 < argv.length && !argv[i + 1].startsWith("--")) {
      value = argv[++i];
    }
    out[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value;
  }
  return out;
}

class UsageError extends Error {}

function usage(): string {
  return ["Usage: npm run --silent admin -- <command> [--flags]", "", "Commands:"]
    .concat(Object.entries(commands).map(([n, c]) => `  ${n.padEnd(20)} ${c.summary}`))
    .join("\n");
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === "help" || name === "--help") {
    process.stderr.write(usage() + "\n");
    process.stdout.write(JSON.stringify({ commands: Object.keys(commands) }) + "\n");
    return name ? 0 : 2;
  }
  const cmd = commands[name];
  try {
    if (!cmd) throw new UsageError(`Unknown command "${name}". Run with --help for the list.`);
    const parsed = (cmd.flags as z.ZodType).safeParse(parseFlags(rest));
    if (!parsed.success) {
      const msg = parsed.error.issues
        .map(
          (i) =>
            `--${i.path
              .map(String)
              .join(".")
              .replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}: ${i.message}`,
        )
        .join("; ");
      throw new UsageError(`Invalid flags for ${name}: ${msg}`);
    }
    const result = await cmd.run(parsed.data);
    process.stdout.write(JSON.stringify(result) + "\n");
    return 0;
  } catch (err) {
    const locked = err instanceof DatabaseLockedError;
    const bad =
      locked || err instanceof UsageError || err instanceof z.ZodError || (isApiError(err) && err.status < 500);
    const message =
      err instanceof z.ZodError
        ? err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")
        : (err as Error).message;
    process.stderr.write(`admin ${name}: ${message}\n`);
    process.stdout.write(
      JSON.stringify({
        error: { message, code: isApiError(err) || locked ? err.code : bad ? "bad_input" : "failed" },
      }) + "\n",
    );
    return bad ? 2 : 1;
  } finally {
    await closeDb().catch(() => {});
  }
}

void main().then((code) => process.exit(code)); // main() answers every failure itself
