import { headers } from "next/headers";
import Link from "next/link";
import { Logo } from "@/components/portal/logo";
import { ButtonLink } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";

const FEATURES = [
  {
    title: "Weather intelligence",
    body: "Current conditions, forecasts, and risk scores for whole timelines and driving routes, with snapshots you can cite.",
  },
  {
    title: "Watches and signed webhooks",
    body: "Watch a place and time window; get a signed webhook when the risk changes, with retries and a delivery log.",
  },
  {
    title: "Trip planning for teams and agents",
    body: "Shared itineraries with roles, agent proposals that people accept or reject, and revision-checked edits.",
  },
  {
    title: "Keys, plans and usage",
    body: "Scoped API keys, metered plans with clear quota headers, and per-day usage you can reconcile.",
  },
];

/** This server's own origin for the copyable first call: the configured public URL, else the host the visitor used. */
async function ownOrigin(): Promise<string> {
  if (process.env.NEXTAUTH_URL) return new URL(process.env.NEXTAUTH_URL).origin;
  const h = await headers();
  const host = h.get("host") ?? "localhost:3000";
  return `${h.get("x-forwarded-proto") === "https" ? "https" : "http"}://${host}`;
}

export default async function Home() {
  const firstCall = `curl -H "Authorization: Bearer svc_…" \\\n  "${await ownOrigin()}/v1/weather/current?lat=48.85&lng=2.35"`;
  return (
    <div className="min-h-screen">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <Link href="/docs" className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-900">
            API reference
          </Link>
          <ButtonLink href="/sign-in" variant="ghost" size="sm">
            Sign in
          </ButtonLink>
          <ButtonLink href="/sign-up" size="sm">
            Sign up
          </ButtonLink>
        </nav>
      </header>

      <main>
        <section className="mx-auto max-w-6xl px-4 pt-12 pb-16 sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold text-indigo-600">Skycast Platform</p>
          <h1 className="mt-2 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">
            Weather risk and trip planning, as an API.
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-600">
            Build travel apps that know when the weather will matter: score a day&apos;s plan or a drive, watch a window
            and get a webhook when it changes, and let people and agents plan trips together.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink href="/sign-up">Create a free account</ButtonLink>
            <ButtonLink href="/docs" variant="secondary">
              Read the API reference
            </ButtonLink>
          </div>
        </section>

        <section aria-labelledby="features" className="border-t border-slate-200 bg-white">
          <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
            <h2 id="features" className="sr-only">
              What you get
            </h2>
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {FEATURES.map((f) => (
                <li key={f.title}>
                  <h3 className="text-base font-semibold text-slate-900">{f.title}</h3>
                  <p className="mt-2 text-sm leading-6 text-slate-600">{f.body}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 className="text-lg font-semibold text-slate-900">Start in a minute</h2>
          <ol className="mt-4 space-y-2 text-sm text-slate-700">
            <li>
              1.{" "}
              <Link href="/sign-up" className="font-medium text-indigo-600 hover:text-indigo-500">
                Sign up
              </Link>{" "}
              and create an API key with the <code className="font-mono">weather:read</code> scope.
            </li>
            <li>2. Call the API with it:</li>
          </ol>
          <CodeBlock className="mt-3 max-w-2xl" label="curl" copyValue={firstCall} wrap>
            {firstCall}
          </CodeBlock>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-2 px-4 py-6 text-sm text-slate-500 sm:px-6">
          <span>Skycast Platform</span>
          <a href="/v1/openapi.json" className="hover:text-slate-700">
            OpenAPI 3.1 document
          </a>
        </div>
      </footer>
    </div>
  );
}
