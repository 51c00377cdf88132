import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The first http(s) link of the text part. */
  link?: string;
  language?: string;
  parsed: ParsedMail;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving later) that matches. */
  next(match: (m: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * Other processes (Playwright's workers) read what arrived from a folder: one JSON file per mail
 * (without the parsed tree), written under a temporary name and renamed so a reader never sees half.
 */
function saveMail(dir: string, mail: ReceivedMail, n: number) {
  const { parsed: _parsed, ...plain } = mail;
  const name = `${String(n).padStart(6, "0")}.json`;
  fs.writeFileSync(path.join(dir, `.${name}.tmp`), JSON.stringify(plain));
  fs.renameSync(path.join(dir, `.${name}.tmp`), path.join(dir, name));
}

function addresses(v: ParsedMail["to"]): string[] {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  return list.flatMap((a) => a.value.map((x) => (x.address ?? "").toLowerCase()));
}

/**
 * A real SMTP server for tests (smtp-server, plain SMTP on 127.0.0.1, any credentials accepted):
 * every message is parsed with mailparser as a mail client would read it.
 */
export async function startSmtpSink(port = 0, opts: { saveTo?: string } = {}): Promise<SmtpSink> {
  let saved = 0;
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: "test" }),
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? "";
          const language = parsed.headers.get("content-language");
          const mail: ReceivedMail = {
            to: addresses(parsed.to),
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            text,
            html: typeof parsed.html === "string" ? parsed.html : "",
            link: /https?:\/\/\S+/.exec(text)?.[0],
            language: typeof language === "string" ? language : undefined,
            parsed,
          };
          received.push(mail);
          if (opts.saveTo) saveMail(opts.saveTo, mail, ++saved);
          for (const w of waiters.splice(0)) {
            if (w.match(mail)) w.resolve(mail);
            else waiters.push(w);
          }
          cb();
        })
        .catch((err: Error) => cb(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://test:test@127.0.0.1:${actual}`,
    received,
    next(match) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
