import type { RouteContract } from "../route";
import recorded from "./responses.json";

/**
 * Examples in the document: each operation's request example (declared on its contract, `examples`)
 * on its parameters and request body, and the recorded answer to that very request as the response
 * example. lib/http/examples.routes.test.ts runs every request example against the app and checks its
 * status and body strictly; with RECORD_EXAMPLES=1 it rewrites responses.json from those answers.
 */
export interface RecordedExample {
  status: number;
  contentType: string;
  body: unknown;
}

export const RECORDED_RESPONSES = recorded as Record<string, RecordedExample>;

type Media = { schema?: unknown; example?: unknown };
type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; example?: unknown }>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};
export type ExampleTarget = { paths: Record<string, Record<string, Operation>> };

export function attachExamples(doc: ExampleTarget, contracts: RouteContract<any, any, any, any, any>[]): void {
  for (const c of contracts) {
    if (c.internal) continue;
    const op = doc.paths[c.path]?.[c.method.toLowerCase()];
    if (!op) continue;
    const ex = c.examples;
    if (ex) {
      for (const p of op.parameters ?? []) {
        const value = p.in === "path" ? ex.params?.[p.name] : p.in === "query" ? ex.query?.[p.name] : undefined;
        if (value !== undefined) p.example = value;
      }
      const media = op.requestBody?.content["application/json"];
      if (media && ex.body !== undefined) media.example = ex.body;
    }
    const rec = RECORDED_RESPONSES[op.operationId];
    const media = rec ? op.responses[String(rec.status)]?.content?.[rec.contentType] : undefined;
    if (rec && media) media.example = rec.body;
  }
}
