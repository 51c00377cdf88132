"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { StatusChip } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { QueryStates } from "@/components/ui/query-states";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { pollingOptions } from "@/lib/client/polling";
import { ATTEMPT_TONE, type AttemptDetail } from "./types";

const POLLING = pollingOptions(5_000);

const headerText = (h: Record<string, string> | null) =>
  h
    ? Object.entries(h)
        .map(([k, v]) => `${k}: ${v}`)
        .join("\n")
    : "(not recorded)";

/** Attempts of one target for one event, oldest first, each expandable to what was sent and received. */
export function AttemptTimeline({ path }: { path: string }) {
  const q = useQuery({
    queryKey: ["event-attempts", path],
    queryFn: async () =>
      (await apiFetch<{ data: { attempts: AttemptDetail[] } }>(path)).data.attempts.slice().reverse(),
    ...POLLING,
  });
  const [open, setOpen] = useState<string | null>(null);
  return (
    <QueryStates query={q} what="attempts" empty={<p className="px-6 py-4 text-sm text-slate-600">No attempt yet.</p>}>
      {(attempts) => (
        <ol className="divide-y divide-slate-100" aria-label="Attempt timeline">
          {attempts.map((a) => (
            <li key={a.attempt_id} className="px-4 py-3 sm:px-6">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <StatusChip status={a.status} tone={ATTEMPT_TONE[a.status]} />
                <span className="font-medium">
                  {a.delivery_kind === "manual"
                    ? "Resend"
                    : a.delivery_kind === "test"
                      ? "Test"
                      : `Attempt ${a.attempt_number}`}
                </span>
                <span className="text-slate-600">
                  HTTP {a.response_status || "none"} · {a.response_time_ms} ms · {formatDateTime(a.attempted_at)}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={open === a.attempt_id}
                  onClick={() => setOpen(open === a.attempt_id ? null : a.attempt_id)}
                >
                  {open === a.attempt_id ? "Hide details" : "Details"}
                </Button>
              </div>
              {a.error_message && <p className="mt-1 text-sm text-red-800">{a.error_message}</p>}
              {open === a.attempt_id && (
                <div className="mt-3 grid gap-3">
                  <CodeBlock label={`Request headers (POST ${a.url})`} copyValue={headerText(a.request_headers)}>
                    {headerText(a.request_headers)}
                  </CodeBlock>
                  <CodeBlock label="Request body (as sent)" copyValue={a.request_body ?? ""} maxHeightClass="max-h-64">
                    {a.request_body ?? "(not recorded)"}
                  </CodeBlock>
                  <CodeBlock label="Response headers">{headerText(a.response_headers)}</CodeBlock>
                  <CodeBlock label="Response body (first 1 KB)" maxHeightClass="max-h-64">
                    {a.response_body_excerpt || "(empty)"}
                  </CodeBlock>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </QueryStates>
  );
}
