"use client";
import { Toaster as Sonner } from "sonner";

/** Success toasts of the form layer (announced politely by sonner's live region). */
export function Toaster() {
  // Our own colours (sonner's rich colours fail WCAG contrast for the title text).
  return (
    <Sonner
      position="top-center"
      closeButton
      duration={4000}
      toastOptions={{ classNames: { toast: "bg-white! text-slate-900! border-emerald-600!", title: "text-slate-900!", description: "text-slate-700!" } }}
    />
  );
}
