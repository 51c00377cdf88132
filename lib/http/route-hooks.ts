import type { AccountRole } from "@/drizzle/schema";
import type { AuditSpec } from "./contract";
import type { Principal, Reply } from "./types";

/**
 * What the route helper needs from the domains, declared here so lib/http imports none of them
 * (docs/architecture.md, "Layers"): the composition root installs the implementations once
 * (lib/registry/install-hooks.ts), before any route is defined. A route defined or called without
 * them throws: a request is never served without its role check, audit row or request-log row.
 */
export interface RouteHooks {
  /** Throws forbidden when a person with this role may not call the operation (lib/accounts/permissions.ts). */
  assertRoleMay(role: AccountRole, operationId: string | undefined): void;
  /** An operation with an `audit` spec succeeded: record it before answering (lib/audit/audit-success.ts). */
  auditSuccess(spec: AuditSpec, success: AuditedSuccess): Promise<void>;
  /** Once per finished request, off the hot path: a buffer push (lib/requests/request-log.ts). */
  logRequest(req: Request, finished: FinishedRequest): void;
}

export interface AuditedSuccess {
  req: Request;
  requestId: string;
  principal: Principal;
  params: unknown;
  body: unknown;
  result: Reply | Response;
}

/** What the route helper knows about a finished request. */
export interface FinishedRequest {
  requestId: string;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  principal: Principal;
  billingUnits: number;
  errorCode: string | null;
  /** The error envelope's message (storedErrorMessage: one line, capped); null for a success. */
  errorMessage: string | null;
}

let hooks: RouteHooks | undefined;

/** Installs the hooks (lib/registry/install-hooks.ts); undefined uninstalls them (tests of that state). */
export function setRouteHooks(next: RouteHooks | undefined): void {
  hooks = next;
}

/** The installed hooks; throws, naming the installer, when there are none. */
export function routeHooks(): RouteHooks {
  if (hooks) return hooks;
  throw new Error(
    "lib/http route hooks (assertRoleMay, auditSuccess, logRequest) are not installed: define routes with defineRoute from @/lib/registry/route, which installs them (lib/registry/install-hooks.ts).",
  );
}

/** The message stored with a failed request: the envelope's own text, one line, at most 300 characters. */
const ERROR_MESSAGE_MAX = 300;
export function storedErrorMessage(message: string | null | undefined): string | null {
  if (!message) return null;
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > ERROR_MESSAGE_MAX ? `${line.slice(0, ERROR_MESSAGE_MAX - 1)}…` : line;
}
