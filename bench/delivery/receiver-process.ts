import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface Receipt {
  eventId: string;
  receivedAt: number;
}

/** The bench receiver running in its own process (receiver-child.ts). */
export interface ReceiverProcess {
  url: string;
  cert: string;
  /** Receipts since the previous call (the child keeps them until asked). */
  receipts(): Promise<Receipt[]>;
  close(): Promise<void>;
}

interface ChildMessage {
  type: "ready" | "receipts";
  id?: number;
  url?: string;
  cert?: string;
  batch?: Array<[string, number]>;
}

export async function startReceiverProcess(): Promise<ReceiverProcess> {
  const child = fork(fileURLToPath(new URL("./receiver-child.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (batch: Receipt[]) => void>();
  let nextId = 0;
  const ready = new Promise<{ url: string; cert: string }>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`bench receiver exited early (code ${code})`)));
    child.on("message", (m: ChildMessage) => {
      if (m.type === "ready") resolve({ url: m.url!, cert: m.cert! });
      if (m.type === "receipts") {
        pending.get(m.id!)?.(m.batch!.map(([eventId, receivedAt]) => ({ eventId, receivedAt })));
        pending.delete(m.id!);
      }
    });
  });
  const { url, cert } = await ready;
  child.removeAllListeners("exit");
  return {
    url,
    cert,
    receipts: () =>
      new Promise((resolve) => {
        const id = nextId++;
        pending.set(id, resolve);
        child.send({ type: "receipts", id });
      }),
    close: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.send({ type: "close" });
      }),
  };
}
