import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { backoffInterval, pollingOptions } from "./polling";

describe("portal polling", () => {
  it("doubles the interval while refetches bring nothing new, up to the cap, and resets on new data", () => {
    const client = new QueryClient();
    const key = ["poll-test"];
    const interval = backoffInterval(1_000, 4_000);
    const query = () => client.getQueryCache().find({ queryKey: key })!;
    let now = 1;
    const put = (v: unknown) => client.setQueryData(key, v, { updatedAt: now++ });

    put({ n: 1 });
    expect(interval(query())).toBe(1_000);
    put({ n: 1 }); // equal data: structural sharing keeps the reference
    expect(interval(query())).toBe(2_000);
    expect(interval(query())).toBe(2_000); // re-evaluated without a fetch: unchanged
    put({ n: 1 });
    expect(interval(query())).toBe(4_000);
    put({ n: 1 });
    expect(interval(query())).toBe(4_000);
    put({ n: 2 });
    expect(interval(query())).toBe(1_000);
  });

  it("never polls a hidden tab", () => {
    expect(pollingOptions(5_000).refetchIntervalInBackground).toBe(false);
  });
});
