import { Spinner } from "@/components/ui/spinner";

/** Shown inside the portal frame while a page's server work streams in. */
export default function PortalLoading() {
  return (
    <p className="flex items-center gap-2 py-10 text-sm text-slate-500" role="status">
      <Spinner /> Loading…
    </p>
  );
}
