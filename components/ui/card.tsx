import type { ComponentProps, ReactNode } from "react";
import { cx } from "./cx";

export function Card({ className, ...rest }: ComponentProps<"section">) {
  return <section className={cx("min-w-0 rounded-lg bg-white shadow-xs ring-1 ring-slate-200", className)} {...rest} />;
}

export function CardHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-4 sm:px-6">
      <div className="min-w-0 flex-1 basis-64">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      </div>
      {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
    </div>
  );
}

export function CardBody({ className, ...rest }: ComponentProps<"div">) {
  return <div className={cx("px-4 py-4 sm:px-6", className)} {...rest} />;
}
