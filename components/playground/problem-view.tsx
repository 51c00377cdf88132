import Link from "next/link";
import { humanizeIssue } from "@/components/forms/field-errors";
import { Alert } from "@/components/ui/alert";
import { PlanTable } from "./plan-table";

interface ErrorBody {
  code: string;
  message: string;
  details?: {
    issues?: Array<{ path: string; message: string }>;
    missing_scopes?: string[];
    dimension?: string;
    plan?: string;
    resets_at?: string;
  } | null;
  request_id?: string;
}

/** The error part of any of our envelopes, or null. */
export function errorOf(body: unknown): ErrorBody | null {
  const e = (body as { error?: unknown } | null)?.error;
  if (e && typeof e === "object" && typeof (e as ErrorBody).code === "string") return e as ErrorBody;
  return null;
}

/** What went wrong in plain words, what to do next, and the machine code to search for. */
export function ProblemView({
  body,
  status,
  keyName,
  plan,
}: {
  body: unknown;
  status: number;
  keyName: string;
  plan?: string;
}) {
  const e = errorOf(body);
  if (!e) return null;
  const d = e.details ?? {};
  let title = "The call failed";
  let next: React.ReactNode = e.message;
  if (e.code === "insufficient_scope") {
    title = `The key "${keyName}" may not call this endpoint`;
    next = (
      <>
        It lacks the scope{" "}
        {d.missing_scopes?.map((s) => (
          <code key={s} className="font-mono">
            {s}
          </code>
        ))}
        . Pick another key, or{" "}
        <Link href="/keys" className="underline">
          create a key
        </Link>{" "}
        with that scope.
      </>
    );
  } else if (e.code === "billing_limit_reached") {
    title = "Your plan does not include this call";
    next = e.message;
  } else if (e.code === "rate_limit_exceeded") {
    title = "This month's quota is used up";
    next = `${e.message}`;
  } else if (e.code === "bad_request" && d.issues?.length) {
    title = "The request has invalid fields";
    next = (
      <ul className="list-disc pl-5">
        {d.issues.map((i) => (
          <li key={i.path + i.message}>
            <code className="font-mono">{i.path || "body"}</code>: {humanizeIssue(i.message)}
          </li>
        ))}
      </ul>
    );
  } else if (e.code === "unauthorized") {
    title = "The key was refused";
  } else if (status >= 500) {
    title = "The server could not answer";
    next = `${e.message} Try again; if it keeps failing, quote the request id.`;
  }
  return (
    <div className="space-y-3" data-testid="playground-problem">
      <Alert tone="danger" title={title}>
        <div className="space-y-1">
          <div>{next}</div>
          <p className="text-xs">
            HTTP status {status} · code <code className="font-mono">{e.code}</code>
            {e.request_id && (
              <>
                {" "}
                · request id <code className="font-mono break-all">{e.request_id}</code>
              </>
            )}
          </p>
        </div>
      </Alert>
      {(e.code === "billing_limit_reached" || e.code === "rate_limit_exceeded") && (
        <PlanTable current={d.plan ?? plan} />
      )}
    </div>
  );
}
