"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { Toaster } from "@/components/forms/toaster";
import { ApiRequestError } from "@/lib/client/api-fetch";

/** Client-side data layer for portal pages (React Query over our public API). */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 10_000,
            // A 4xx will not get better by asking again; network and 5xx get two retries.
            retry: (count, err) =>
              !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 2,
            refetchOnWindowFocus: false,
            // A hidden tab never polls (portal reads are free for the user, not for us).
            refetchIntervalInBackground: false,
          },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
