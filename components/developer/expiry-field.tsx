"use client";
import { useId } from "react";
import { FieldError, Input, Label, Select } from "@/components/ui/field";

export interface ExpiryChoice {
  choice: string;
  customDate: string;
}

/** Expiry picker: presets plus a custom date; the caller turns it into an ISO time with expiryFromChoice. */
export function ExpiryField({
  value,
  onChange,
  options,
  error,
  hint,
}: {
  value: ExpiryChoice;
  onChange: (v: ExpiryChoice) => void;
  options: Array<{ value: string; label: string }>;
  error?: string;
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>Expiration</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Select
          id={id}
          name="expiry"
          value={value.choice}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ ...value, choice: e.target.value })}
          className="sm:w-48"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          <option value="custom">Custom date…</option>
        </Select>
        {value.choice === "custom" && (
          <Input
            type="date"
            aria-label="Expiry date"
            name="expiryDate"
            value={value.customDate}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => onChange({ ...value, customDate: e.target.value })}
            className="sm:w-48"
          />
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
