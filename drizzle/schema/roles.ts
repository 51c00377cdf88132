/** Roles within an account (issue 30); what each may do is lib/accounts/permission-table.ts. No imports: client code reads it too. */
export const ACCOUNT_ROLES = ["owner", "admin", "developer", "viewer"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
