"use client";
import { Toaster as Sonner } from "sonner";

/** Success toasts of the form layer (announced politely by sonner's live region). */
export function Toaster() {
  // Our own colours (sonner's rich colours fail WCAG contrast for the title text). `expand`:
  // several toasts (e.g. "Saved." then an undo offer) sit one below the other instead of
  // overlapping in a collapsed pile, which on a phone hid the one with the Undo button.
  return (
    <Sonner
      position="top-center"
      closeButton
      expand
      visibleToasts={4}
      gap={8}
      duration={4000}
      toastOptions={{
        classNames: {
          toast: "bg-white! text-slate-900! border-emerald-600!",
          title: "text-slate-900!",
          description: "text-slate-700!",
          actionButton: "bg-indigo-700! text-white! font-medium!",
        },
      }}
    />
  );
}
