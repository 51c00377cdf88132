import { expect } from "vitest";

/**
 * Test only: what the signed-in user's browser does on the consent page: read it (`checkPage` may
 * look at it), tick the trips and the level, submit to `origin`; returns the redirect back to the client.
 */
export async function submitConsent(
  authUrl: URL,
  o: {
    cookie: string;
    origin: string;
    trips: number[];
    level: string;
    decision?: string;
    weather?: boolean;
    checkPage?: (html: string) => void;
  },
): Promise<URL> {
  const page = await fetch(authUrl, { headers: { cookie: o.cookie }, redirect: "manual" });
  expect(page.status).toBe(200);
  const html = await page.text();
  o.checkPage?.(html);
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.append(
      m[1],
      m[2]
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">"),
    );
  for (const id of o.trips) form.append("trip", String(id));
  form.set("level", o.level);
  form.set("weather", o.weather ? "yes" : "no");
  form.set("decision", o.decision ?? "allow");
  const res = await fetch(`${o.origin}/oauth/authorize`, {
    method: "POST",
    headers: { cookie: o.cookie, origin: o.origin, "content-type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get("location")!);
}
