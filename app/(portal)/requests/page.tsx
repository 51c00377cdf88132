import type { Metadata } from "next";
import { RequestsPanel } from "@/components/requests/requests-panel";

export const metadata: Metadata = { title: "Request log" };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** ?request_id= opens that row; ?key_id= / ?token_id= start filtered to that credential (the key page links here). */
export default async function RequestsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const keyId = one(sp.key_id);
  const tokenId = one(sp.token_id);
  const credential = /^[1-9][0-9]{0,9}$/.test(keyId)
    ? `key:${keyId}`
    : /^[1-9][0-9]{0,9}$/.test(tokenId)
      ? `token:${tokenId}`
      : "";
  return <RequestsPanel initial={{ request_id: one(sp.request_id), credential }} />;
}
