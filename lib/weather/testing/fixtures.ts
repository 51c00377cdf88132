import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/** Recorded upstream responses, kept in the repository (test/fixtures/README.md names each source). */
export const FIXTURES_DIR = path.resolve(import.meta.dirname, "../../../test/fixtures");

export function fixtureText(rel: string): string {
  return fs.readFileSync(path.join(FIXTURES_DIR, rel), "utf8");
}

export function fixtureJson<T = any>(rel: string): T {
  return JSON.parse(fixtureText(rel)) as T;
}

export function fixtureFiles(dir: string, ext: string): string[] {
  return fs
    .readdirSync(path.join(FIXTURES_DIR, dir))
    .filter((f) => f.endsWith(ext))
    .map((f) => `${dir}/${f}`);
}

export interface CassetteInteraction {
  uri: string;
  status: number;
  body: string;
  contentType: string;
}

/** The recorded interactions of a VCR cassette (status, body as sent). */
export function cassette(rel: string): CassetteInteraction[] {
  const doc = parse(fixtureText(rel)) as { http_interactions: any[] };
  return doc.http_interactions.map((i) => ({
    uri: i.request.uri,
    status: i.response.status.code,
    body: i.response.body.string,
    contentType: (i.response.headers?.["Content-Type"]?.[0] as string) ?? "application/json",
  }));
}
