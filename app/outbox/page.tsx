import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { desc } from "drizzle-orm";
import { mailOutbox } from "@/drizzle/schema";
import { getDb } from "@/lib/db/client";
import { env, isProduction } from "@/lib/env";

export const metadata: Metadata = { title: "Outbox (development)", robots: { index: false } };

/**
 * Development only (404 in production, and whenever SMTP_URL sends real mail): the mail the app
 * would have sent, newest first, with its links, so sign-up and password reset work with the two
 * README commands and no mail server.
 */
export default async function OutboxPage() {
  await connection();
  if (isProduction() || env().SMTP_URL) notFound();
  const db = await getDb();
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-xl font-semibold text-slate-900">Outbox</h1>
      <p className="mt-1 text-sm text-slate-600">
        Mail stored instead of sent (no SMTP_URL). Development only; kept 7 days.
      </p>
      {rows.length === 0 && <p className="mt-6 text-sm text-slate-600">No mail yet.</p>}
      <ol className="mt-6 space-y-6">
        {rows.map((m) => (
          <li key={m.id} className="rounded-lg bg-white p-4 shadow-xs ring-1 ring-slate-200">
            <p className="text-sm text-slate-500">
              {m.createdAt.toISOString()} · to {m.toAddress} · {m.locale}
            </p>
            <h2 className="mt-1 font-medium text-slate-900">{m.subject}</h2>
            <pre className="mt-3 overflow-x-auto text-sm whitespace-pre-wrap text-slate-700">{m.textBody}</pre>
            {[...m.textBody.matchAll(/https?:\/\/\S+/g)].map(([href]) => (
              <a key={href} href={href} className="mt-2 block break-all text-sm font-medium text-indigo-600 underline">
                {href}
              </a>
            ))}
          </li>
        ))}
      </ol>
    </main>
  );
}
