import type { AuditSpec } from "@/lib/http/contract";
import { RawJson } from "@/lib/http/raw-json";
import type { AuditedSuccess } from "@/lib/http/route-hooks";
import { auditActorOf, clientIpOf, recordAuditAfterChange } from "./record-audit";

/** The route helper's audit step: an operation with an `audit` spec succeeded; record it before answering. */
export async function auditSuccess(spec: AuditSpec, x: AuditedSuccess): Promise<void> {
  const who = auditActorOf(x.principal);
  const accountId = "accountId" in x.principal ? x.principal.accountId : undefined;
  if (!who || !accountId) return;
  const status = x.result instanceof Response ? x.result.status : (x.result.status ?? 200);
  if (status >= 400) return;
  const raw = x.result instanceof Response ? undefined : x.result.data;
  const data = raw instanceof RawJson ? JSON.parse(raw.text) : raw;
  const args = { params: x.params, body: x.body, data };
  await recordAuditAfterChange({
    accountId,
    action: spec.action,
    ...who,
    ip: clientIpOf(x.req),
    target: spec.target(args),
    requestId: x.requestId,
    details: spec.summary?.(args) ?? {},
  });
}
