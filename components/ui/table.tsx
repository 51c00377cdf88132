import type { ComponentProps } from "react";
import { cx } from "./cx";

/**
 * Phone-width layout: each row becomes a card, each cell a "label: value" line
 * (the label comes from the cell's `label` prop), so no column is cut off.
 */
const STACKED =
  "max-sm:block max-sm:[&_thead]:hidden max-sm:[&_tbody]:block max-sm:[&_tr]:block max-sm:[&_tr]:py-2 max-sm:[&_td]:flex max-sm:[&_td]:gap-3 max-sm:[&_td]:py-1 max-sm:[&_td]:pl-4 max-sm:[&_td]:before:w-24 max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-slate-600 max-sm:[&_td]:before:content-[attr(data-label)] max-sm:[&_td:not([data-label])]:before:hidden";

/** Table in a horizontally scrollable frame so wide tables never break a phone layout; `stacked` turns rows into cards on phones. */
export function Table({
  className,
  caption,
  stacked,
  children,
  ...rest
}: ComponentProps<"table"> & { caption?: string; stacked?: boolean }) {
  return (
    <div className="relative overflow-x-auto">
      <table className={cx("min-w-full divide-y divide-slate-200 text-sm", stacked && STACKED, className)} {...rest}>
        {caption && <caption className="sr-only">{caption}</caption>}
        {children}
      </table>
    </div>
  );
}

export function THead(props: ComponentProps<"thead">) {
  return <thead className="bg-slate-50" {...props} />;
}

export function TBody(props: ComponentProps<"tbody">) {
  return <tbody className="divide-y divide-slate-100 bg-white" {...props} />;
}

export function Tr({ className, ...rest }: ComponentProps<"tr">) {
  return <tr className={cx("align-middle", className)} {...rest} />;
}

export function Th({ className, ...rest }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cx(
        "px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap first:pl-4 sm:first:pl-6",
        className,
      )}
      {...rest}
    />
  );
}

/** `label` names the column on phones when the table is `stacked`. */
export function Td({ className, label, ...rest }: ComponentProps<"td"> & { label?: string }) {
  return (
    <td data-label={label} className={cx("px-4 py-3 text-slate-700 first:pl-4 sm:first:pl-6", className)} {...rest} />
  );
}
