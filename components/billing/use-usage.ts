"use client";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { apiFetch } from "@/lib/client/api-fetch";
import type { Envelope, UsageData } from "./types";

export const USAGE_QUERY = ["usage"] as const;

const noSubscription = () => () => {};
/** False while React hydrates (and on the server), true from the first render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The account's usage (plan, quotas, environment), shared by the layout's banners and the pages.
 * The layout hydrates before a streamed page segment, and its banners may have fetched usage by
 * then: a page that rendered that data in its first client render would not match the server's
 * HTML (React #418 on /simulations and /usage). So during hydration every reader sees "pending",
 * as the server did, and the data from the next render.
 */
export function useUsage(opts: { staleTime?: number } = {}): UseQueryResult<Envelope<UsageData>> {
  const q = useQuery({
    queryKey: USAGE_QUERY,
    queryFn: () => apiFetch<Envelope<UsageData>>("/v1/usage"),
    staleTime: opts.staleTime ?? 60_000,
  });
  const hydrated = useHydrated();
  // On the server the cache is what the server has (empty in the portal), so only the browser's hydration pass is masked.
  if (hydrated || typeof window === "undefined") return q;
  return {
    ...q,
    data: undefined,
    status: "pending",
    isPending: true,
    isLoading: true,
    isSuccess: false,
    isError: false,
    error: null,
  } as unknown as UseQueryResult<Envelope<UsageData>>;
}
