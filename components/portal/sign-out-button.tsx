"use client";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";

export function SignOutButton({ variant = "ghost" }: { variant?: ButtonVariant }) {
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant={variant}
      size="sm"
      loading={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/sign-in?signedOut=1" });
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </Button>
  );
}
