"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormAlert } from "@/components/forms/form-alert";
import { useApiForm } from "@/components/forms/use-api-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Label, Select } from "@/components/ui/field";
import type { Schemas } from "@/lib/client/api-client";
import { apiFetch } from "@/lib/client/api-fetch";
import { formatDateTime } from "@/lib/client/format";
import { firstCall } from "./api-keys-panel";
import { SecretReveal } from "./secret-reveal";
import { KEYS_QUERY, type ApiKeyRow } from "./types";

type Rolled = Schemas["RolledDeveloperApiKey"];

const GRACE = [
  { hours: 0, label: "None: refuse the old key at once" },
  { hours: 1, label: "1 hour" },
  { hours: 24, label: "24 hours" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "7 days" },
];

/**
 * Roll: choose how long the old secret keeps working, then the new secret is shown once. As for a
 * new key, closing before it is stored asks first (Escape included).
 */
export function RollKeyDialog({
  k,
  open,
  onClose,
  onRolled,
}: {
  k: ApiKeyRow;
  open: boolean;
  onClose: () => void;
  onRolled: (r: Rolled) => void;
}) {
  const qc = useQueryClient();
  const [rolled, setRolled] = useState<Rolled | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [grace, setGrace] = useState(24);
  const roll = useApiForm({
    mutationFn: (body: { graceHours: number }) =>
      apiFetch<Rolled>(`/api/developer/keys/${k.id}/roll`, { method: "POST", body }),
    fields: ["graceHours"],
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: KEYS_QUERY });
      setRolled(r);
    },
  });
  const close = () => {
    if (rolled) onRolled(rolled);
    setRolled(null);
    setLeaving(false);
    roll.reset();
    onClose();
  };
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <Dialog
      open={open}
      onClose={rolled ? () => setLeaving(true) : close}
      size="lg"
      title={rolled ? "Your rolled API key" : `Roll “${k.name}”?`}
      description={
        rolled
          ? `Deploy the new key before ${formatDateTime(rolled.previousKey.expiresAt)}: then ${rolled.previousKey.keyPrefix}… is refused.`
          : "A new secret replaces this one, with the same name, scopes and expiry. The old secret keeps working for the grace period, so you can deploy the new one without downtime."
      }
      footer={
        rolled ? (
          leaving ? (
            <>
              <Button variant="secondary" onClick={() => setLeaving(false)}>
                Keep it open
              </Button>
              <Button variant="danger" onClick={close}>
                Close without storing
              </Button>
            </>
          ) : (
            <Button onClick={close}>I have stored it</Button>
          )
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => roll.submit({ graceHours: grace })} disabled={roll.pending}>
              {roll.pending ? "Rolling…" : "Roll key"}
            </Button>
          </>
        )
      }
    >
      {rolled ? (
        <>
          {leaving && (
            <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
              Close without storing the key? Its full value is never shown again; you would have to roll it again.
            </p>
          )}
          <SecretReveal label="New API key" value={rolled.key} example={firstCall(rolled, origin)} />
        </>
      ) : (
        <div className="space-y-2">
          <FormAlert errors={roll.errors} />
          <Label htmlFor="roll-grace">Old key keeps working for</Label>
          <Select id="roll-grace" value={grace} onChange={(e) => setGrace(Number(e.target.value))}>
            {GRACE.map((g) => (
              <option key={g.hours} value={g.hours}>
                {g.label}
              </option>
            ))}
          </Select>
        </div>
      )}
    </Dialog>
  );
}
