"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { cx } from "@/components/ui/cx";

/**
 * The portal navigation's scrolling area. While more links lie below its bottom edge it fades them
 * out under a "More below" cue: at 1440x900 the last group (Docs) sat under the fold of the sidebar
 * with nothing showing there was more. The cue is decoration (hidden from screen readers, which
 * reach every link anyway) and lets clicks through to the links under it.
 */
export function NavScrollArea({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // More lies below while the content's last element ends under the area's bottom edge (the area's own
    // bottom padding does not count: the cue would otherwise stay, covering the last link). One pixel of
    // slack for fractional layout.
    const update = () => {
      const last = el.lastElementChild;
      setMore(!!last && last.getBoundingClientRect().bottom > el.getBoundingClientRect().bottom + 1);
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    // The window's height, and the links the role may see, change what fits.
    const resized = new ResizeObserver(update);
    resized.observe(el);
    for (const child of Array.from(el.children)) resized.observe(child);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, []);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div ref={ref} data-testid="nav-scroll" className={cx("min-h-0 flex-1 overflow-y-auto", className)}>
        {children}
      </div>
      {more && (
        <div
          aria-hidden="true"
          data-testid="nav-more"
          className="pointer-events-none absolute inset-x-0 bottom-0 flex h-14 items-end justify-center bg-linear-to-t from-white via-white/90 to-white/0 pb-1.5"
        >
          <span className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white px-2.5 py-0.5 text-xs font-medium text-slate-600 shadow-sm">
            More below
            <svg className="size-3.5" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M10 14.5 4.5 9l1.4-1.4 4.1 4.1 4.1-4.1L15.5 9 10 14.5Z" />
            </svg>
          </span>
        </div>
      )}
    </div>
  );
}
