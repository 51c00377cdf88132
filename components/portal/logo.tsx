import Link from "next/link";
import { cx, focusRing } from "@/components/ui/cx";

/** Product mark + name; links home. */
export function Logo({ href = "/", className }: { href?: string; className?: string }) {
  return (
    <Link
      href={href}
      className={cx("inline-flex items-center gap-2 rounded-md font-semibold text-slate-900", focusRing, className)}
    >
      <svg className="size-7" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-indigo-600" />
        <circle cx="12" cy="13" r="5" className="fill-amber-300" />
        <path d="M10 23a5 5 0 0 1 .6-9.96A6.5 6.5 0 0 1 23 15.5 3.75 3.75 0 0 1 22.25 23H10Z" className="fill-white" />
      </svg>
      <span>Skycast</span>
    </Link>
  );
}
