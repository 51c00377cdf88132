"use client";
import { useState, type ComponentProps } from "react";
import { cx, focusRing } from "./cx";
import { Input } from "./field";

/** A password field with a show/hide toggle (the toggle is a real button, announced with its state). */
export function PasswordInput({ className, ...rest }: Omit<ComponentProps<"input">, "type">) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input {...rest} type={shown ? "text" : "password"} className={cx("pr-16", className)} />
      <button
        type="button"
        aria-pressed={shown}
        aria-controls={rest.id}
        onClick={() => setShown((s) => !s)}
        className={cx(
          "absolute inset-y-1 right-1 rounded px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900",
          focusRing,
        )}
      >
        {shown ? "Hide" : "Show"}
        <span className="sr-only"> password</span>
      </button>
    </div>
  );
}
