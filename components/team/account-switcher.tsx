"use client";
import { useQuery } from "@tanstack/react-query";
import { getCsrfToken } from "next-auth/react";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api-fetch";

interface Memberships {
  current_account_id: string;
  data: Array<{ account_id: string; name: string; role: string }>;
}

/**
 * Switches the session's current account (issue 30): next-auth's session update with the account id;
 * the jwt callback accepts only an account the person belongs to. Shown only to members of several.
 */
export function AccountSwitcher() {
  const q = useQuery({
    queryKey: ["team", "memberships"],
    queryFn: () => apiFetch<Memberships>("/api/account/memberships"),
  });
  const [pending, setPending] = useState(false);
  if (!q.data || q.data.data.length < 2) return null;
  const choose = async (accountId: string) => {
    setPending(true);
    const csrfToken = await getCsrfToken();
    await fetch("/api/auth/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ csrfToken, data: { accountId } }),
    });
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose: the session changed, no cached query may survive
    window.location.assign("/keys");
  };
  return (
    <label className="block px-4 pt-3 text-xs text-slate-500">
      Account
      <select
        className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-800"
        value={q.data.current_account_id}
        disabled={pending}
        onChange={(e) => void choose(e.target.value)}
        aria-label="Switch account"
      >
        {q.data.data.map((m) => (
          <option key={m.account_id} value={m.account_id}>
            {m.name} ({m.role})
          </option>
        ))}
      </select>
    </label>
  );
}
