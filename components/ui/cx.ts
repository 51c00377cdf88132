/** Joins class names, skipping falsy values (tiny clsx; no merging of conflicts). */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(" ");
}

/** Shared keyboard focus ring so every control shows focus the same way. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
