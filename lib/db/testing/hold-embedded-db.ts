/**
 * Test helper process: opens the embedded database in PGLITE_DIR (as `npm run dev` does) and
 * keeps it open, creating users on request. Protocol on stdin/stdout, one line each:
 * prints "ready"; "create <email>" → "created <email>"; "exit" → closes the database and exits.
 */
import readline from "node:readline";
import { createUser } from "@/lib/accounts/create-user";
import { closeDb, getDb } from "@/lib/db/client";

await getDb();
process.stdout.write("ready\n");
for await (const line of readline.createInterface({ input: process.stdin })) {
  const [cmd, arg] = line.trim().split(" ");
  if (cmd === "create") {
    await createUser({ email: arg, password: "a long enough password" });
    process.stdout.write(`created ${arg}\n`);
  } else if (cmd === "exit") {
    break;
  }
}
await closeDb();
process.exit(0);
