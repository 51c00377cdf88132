"use client";
import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "./cx";

const CONTROL =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:outline-hidden disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:ring-red-500";

export function Label({ className, ...rest }: ComponentProps<"label">) {
  return <label className={cx("block text-sm font-medium text-slate-800", className)} {...rest} />;
}

export function Input({ className, ...rest }: ComponentProps<"input">) {
  return <input className={cx(CONTROL, "h-10", className)} {...rest} />;
}

export function Select({ className, ...rest }: ComponentProps<"select">) {
  return <select className={cx(CONTROL, "h-10 pr-8", className)} {...rest} />;
}

export function Textarea({ className, ...rest }: ComponentProps<"textarea">) {
  return <textarea className={cx(CONTROL, "min-h-24 font-mono", className)} {...rest} />;
}

/** Props a Field hands to its control so label, hint and error are announced together. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Inline validation message; shown under the control and linked by aria-describedby. */
  error?: string;
  hint?: ReactNode;
  /** Shows a required mark; the control gets aria-required, so the label's accessible name stays the same. */
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * Label + control + hint + inline error.
 * `<Field label="Name" error={errors.name}>{(p) => <Input {...p} name="name" />}</Field>`
 */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("space-y-1.5", className)}>
      {/* The mark sits beside the label, not in it, so the label's text stays exactly the field's name. */}
      <div className="flex items-baseline">
        <Label htmlFor={id}>{label}</Label>
        {required && <RequiredMark />}
      </div>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        "aria-required": required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}

/** The asterisk of a required field (hidden from screen readers, which announce aria-required instead). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-sm text-red-600">
      {children}
    </p>
  );
}
