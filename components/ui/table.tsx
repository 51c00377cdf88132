import type { ComponentProps } from "react";
import { cx } from "./cx";

/** Table in a horizontally scrollable frame so wide tables never break a phone layout. */
export function Table({ className, caption, children, ...rest }: ComponentProps<"table"> & { caption?: string }) {
  return (
    <div className="relative overflow-x-auto">
      <table className={cx("min-w-full divide-y divide-slate-200 text-sm", className)} {...rest}>
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
      className={cx("px-4 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase whitespace-nowrap first:pl-4 sm:first:pl-6", className)}
      {...rest}
    />
  );
}

export function Td({ className, ...rest }: ComponentProps<"td">) {
  return <td className={cx("px-4 py-3 text-slate-700 first:pl-4 sm:first:pl-6", className)} {...rest} />;
}
