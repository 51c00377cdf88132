import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "./env";

const saved = { NODE_ENV: process.env.NODE_ENV, NEXTAUTH_URL: process.env.NEXTAUTH_URL, PORT: process.env.PORT };
const set = (k: keyof typeof saved, v: string | undefined) => {
  if (v === undefined) delete process.env[k];
  else (process.env as Record<string, string>)[k] = v;
};
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) set(k as keyof typeof saved, v);
  resetEnvCache();
});

describe("NEXTAUTH_URL", () => {
  it("in development without it: the dev server's own URL (its port), also for next-auth, which reads process.env", () => {
    set("NODE_ENV", "development");
    set("NEXTAUTH_URL", undefined);
    set("PORT", "4700");
    resetEnvCache();
    expect(env().NEXTAUTH_URL).toBe("http://localhost:4700");
    expect(process.env.NEXTAUTH_URL).toBe("http://localhost:4700");
  });

  it("a configured one is kept; production and tests get no default", () => {
    set("NODE_ENV", "development");
    set("NEXTAUTH_URL", "https://portal.example.com");
    resetEnvCache();
    expect(env().NEXTAUTH_URL).toBe("https://portal.example.com");
    set("NODE_ENV", "test");
    set("NEXTAUTH_URL", undefined);
    resetEnvCache();
    expect(env().NEXTAUTH_URL).toBeUndefined();
    expect(process.env.NEXTAUTH_URL).toBeUndefined();
  });
});
