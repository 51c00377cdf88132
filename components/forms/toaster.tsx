"use client";
import { Toaster as Sonner } from "sonner";

/** Success toasts of the form layer (announced politely by sonner's live region). */
export function Toaster() {
  return <Sonner position="top-center" richColors closeButton duration={4000} />;
}
