"use client";
import { Button } from "@/components/ui/button";

/**
 * The footer of a create form: Cancel, then the submit button that says what it creates and
 * shows progress. Stacked with the submit on top on phones, right-aligned from sm.
 */
export function CreateFormFooter({
  pending,
  onCancel,
  label,
}: {
  pending: boolean;
  onCancel: () => void;
  label: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {pending ? "Creating…" : label}
      </Button>
    </div>
  );
}
