"use client";
import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { TryItSpec } from "@/lib/api-docs/try-it-spec";

// The panel (key picker, form, response view with its map) loads only when asked for, so the
// reference's first load carries none of it.
const TryItPanel = dynamic(() => import("./try-it-panel").then((m) => m.TryItPanel), {
  ssr: false,
  loading: () => <p className="text-sm text-slate-600">Loading…</p>,
});

/** "Try it": opens the playground's call form for this operation, run as one of your keys. */
export function TryItButton({ spec }: { spec: TryItSpec }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Try it
      </Button>
    );
  }
  return <TryItPanel spec={spec} onClose={() => setOpen(false)} />;
}
