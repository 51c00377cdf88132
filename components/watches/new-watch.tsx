"use client";
import { useCan } from "@/components/team/role-context";
import { ButtonLink } from "@/components/ui/button";
import { CreateWatchForm } from "./create-watch-form";

/**
 * The new-watch form for those who may create watches; a viewer reaching /watches/new (a shared
 * link) gets a way back instead of a form whose Create button the API would refuse (issue 42 item 2).
 */
export function NewWatch() {
  const manage = useCan("watches.manage");
  if (manage) return <CreateWatchForm />;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Creating watches is for the account&apos;s owners, admins and developers. Your role can see the account&apos;s
        watches and their deliveries.
      </p>
      <ButtonLink href="/watches" variant="secondary">
        Back to watches
      </ButtonLink>
    </div>
  );
}
