"use client";
import Link from "next/link";
import { ApiRequestError } from "@/lib/client/api-fetch";
import { CopyButton } from "./copy-button";

/** Under an error: the failed call's request id, a copy button and a link to that request in the request log. */
export function RequestIdNote({ error }: { error: unknown }) {
  const id = error instanceof ApiRequestError ? error.requestId : undefined;
  if (!id) return null;
  return (
    <span className="mt-2 flex flex-wrap items-center gap-2 text-xs">
      <span>
        Request id <code className="font-mono break-all">{id}</code>
      </span>
      <CopyButton value={id} label="Copy id" />
      <Link href={`/requests?request_id=${encodeURIComponent(id)}`} className="font-medium underline">
        View request
      </Link>
    </span>
  );
}

/** The message of an error followed by its request id (see RequestIdNote). */
export function ErrorText({ error }: { error: unknown }) {
  return (
    <>
      {error instanceof Error ? error.message : "Something went wrong."}
      <RequestIdNote error={error} />
    </>
  );
}
