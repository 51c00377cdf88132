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
}

export interface ApiForm<TVars, TData> {
  submit: (vars: TVars) => void;
  pending: boolean;
  errors: FormErrors;
  /** Message for one field, client or server side. */
  error: (field: string) => string | undefined;
  reset: () => void;
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
  const m = useMutation<TData, Error, TVars>({
    mutationFn: o.mutationFn,
    onSuccess: async (data, vars) => {
      if (o.successMessage) toast.success(typeof o.successMessage === "function" ? o.successMessage(data) : o.successMessage);
      await o.onSuccess?.(data, vars);
    },
  } satisfies UseMutationOptions<TData, Error, TVars>);
  const server = m.error ? formErrorsOf(m.error, o) : NO_ERRORS;
  const errors: FormErrors = { ...server, fields: { ...server.fields, ...local } };
  return {
    submit: (vars) => {
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
    data: m.data,
  };
}
