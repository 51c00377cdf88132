"use client";
import { useId, type ComponentProps, type ReactNode } from "react";
import { cx, focusRing } from "./cx";

export interface CheckboxProps extends Omit<ComponentProps<"input">, "type"> {
  label: ReactNode;
  description?: ReactNode;
}

/** A checkbox with its label (and optional description) in one clickable row. */
export function Checkbox({ label, description, className, id: idProp, ...rest }: CheckboxProps) {
  const autoId = useId();
  const id = idProp ?? autoId;
  const descId = description ? `${id}-desc` : undefined;
  return (
    <div className={cx("flex gap-3", className)}>
      <div className="flex h-6 shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          aria-describedby={descId}
          className={cx("size-4 rounded border-slate-300 accent-indigo-600", focusRing)}
          {...rest}
        />
      </div>
      <div className="text-sm leading-6">
        <label htmlFor={id} className="font-medium text-slate-800">
          {label}
        </label>
        {description && (
          <p id={descId} className="text-slate-500">
            {description}
          </p>
        )}
      </div>
    </div>
  );
}
