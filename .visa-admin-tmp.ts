import { visaCommands } from "@/scripts/admin/visa";
import { closeDb } from "@/lib/db/client";
const [name, json] = process.argv.slice(2);
const cmd = (visaCommands as any)[name];
const flags = cmd.flags.parse(JSON.parse(json ?? "{}"));
cmd.run(flags).then((r: unknown) => console.log(JSON.stringify(r))).catch((e: Error) => console.log("ERR", e.message)).finally(() => closeDb());
