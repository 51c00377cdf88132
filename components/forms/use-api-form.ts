"use client";
import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "sonner";
import { formErrorsOf, type FieldMapping, type FormErrors } from "./field-errors";

export interface ApiFormOptions<TVars, TData> extends FieldMapping {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** Toast shown after success (omit for none). */
  successMessage?: string | ((data: TData) => string);
  onSuccess?: (data: TData, vars: TVars) => void | Promise<void>;
  /** Client-side checks run before sending; return field → message (empty = send). */
  validate?: (vars: TVars) => Record<string, string>;
  /**
   * The form's current values, for controlled forms: a field's error is hidden once its value
   * differs from the one submitted (the user is fixing it), and shows again on the next submit.
   */
  values?: TVars;
}

export interface ApiForm<TVars, TData> {
  submit: (vars: TVars) => void;
  pending: boolean;
  errors: FormErrors;
  /** Message for one field, client or server side. */
  error: (field: string) => string | undefined;
  reset: () => void;
  /** For uncontrolled forms (`onInput` on the form): hide the error of the field the user edits. */
  edited: (field: string) => void;
  data: TData | undefined;
}

const NO_ERRORS: FormErrors = { fields: {}, other: [] };

/**
 * The one form layer: local checks, then the call; every field error from the
 * API's `details` at once next to its field (plain words), the rest in the
 * form's alert with the machine code, a success toast, and `pending` for the
 * submit button.
 */
export function useApiForm<TVars, TData>(o: ApiFormOptions<TVars, TData>): ApiForm<TVars, TData> {
  const [local, setLocal] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState<TVars | undefined>(undefined);
  const [editedSince, setEditedSince] = useState<ReadonlySet<string>>(new Set());
  const m = useMutation<TData, Error, TVars>({
    mutationFn: o.mutationFn,
    onSuccess: async (data, vars) => {
      if (o.successMessage)
        toast.success(typeof o.successMessage === "function" ? o.successMessage(data) : o.successMessage);
      await o.onSuccess?.(data, vars);
    },
  } satisfies UseMutationOptions<TData, Error, TVars>);
  const server = m.error ? formErrorsOf(m.error, o) : NO_ERRORS;
  const all = { ...server.fields, ...local };
  const stillWrong = (field: string) => !editedSince.has(field) && !changedSinceSubmit(o.values, submitted, field);
  const errors: FormErrors = {
    ...server,
    fields: Object.fromEntries(Object.entries(all).filter(([field]) => stillWrong(field))),
  };
  return {
    submit: (vars) => {
      setSubmitted(vars);
      setEditedSince(new Set());
      const found = o.validate?.(vars) ?? {};
      setLocal(found);
      if (Object.keys(found).length) {
        m.reset();
        return;
      }
      m.mutate(vars);
    },
    pending: m.isPending,
    errors,
    error: (f) => errors.fields[f],
    reset: () => {
      setLocal({});
      m.reset();
    },
    edited: (field) => {
      if (field && field in all && !editedSince.has(field)) setEditedSince(new Set(editedSince).add(field));
    },
    data: m.data,
  };
}

/** True when a primitive field of the values differs from what was submitted. */
function changedSinceSubmit<T>(values: T | undefined, submitted: T | undefined, field: string): boolean {
  if (values === undefined || submitted === undefined || typeof values !== "object" || values === null) return false;
  const now = (values as Record<string, unknown>)[field];
  const then = (submitted as Record<string, unknown>)[field];
  if (!(field in (values as object)) || (typeof now === "object" && now !== null)) return false;
  return now !== then;
}
