import { z } from "zod";
import { contract } from "@/lib/http/contract";
import { none, session, sessionOrApiKey } from "@/lib/auth/strategies";
import { ACCOUNT_ROLES, PLANS, ENVIRONMENTS } from "@/drizzle/schema";
import { EmailSchema, PasswordSchema } from "./create-user";

const Role = z.enum(ACCOUNT_ROLES).meta({
  description:
    "owner: everything, members and plan included; admin: everything but ownership transfer; developer: keys, tokens, webhooks, watches, simulations, trips; viewer: read only, no secrets",
});

const MemberSchema = z
  .strictObject({
    user_id: z.string().uuid(),
    email: z.string(),
    name: z.string().nullable(),
    role: Role,
    joined_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "AccountMember" });

const InvitationSchema = z.strictObject({
  invitation_id: z.string().uuid(),
  email: z.string(),
  role: Role,
  expires_at: z.string().meta({ format: "date-time", description: "7 days after the invitation was sent" }),
});

const PendingInvitationSchema = InvitationSchema.extend({
  created_at: z.string().meta({ format: "date-time" }),
  status: z.enum(["pending", "expired"]).meta({ description: "expired: the link no longer works; invite again" }),
}).meta({ id: "AccountInvitation" });

const UserIdParam = z.strictObject({ userId: z.string().uuid() });
const InvitationIdParam = z.strictObject({ invitationId: z.string().uuid() });

const teamAuth = () => sessionOrApiKey("admin");
const tags = ["Team"];
const SESSION_OR_KEY =
  "With the portal session the signed-in person's role decides (lib/accounts/permissions.ts); an API key needs the `admin` scope and acts as an admin (never an ownership transfer).";

export const teamContracts = {
  listMembers: contract({
    operationId: "members.list",
    method: "GET",
    path: "/api/account/members",
    summary: "List the account's members",
    description: `Every member with their role, oldest first. Any role may read it. ${SESSION_OR_KEY}`,
    tags,
    family: "api",
    auth: teamAuth(),
    examples: {},
    responses: { 200: { description: "The members", schema: z.strictObject({ data: z.array(MemberSchema) }) } },
  }),
  changeRole: contract({
    operationId: "members.changeRole",
    method: "PATCH",
    path: "/api/account/members/{userId}",
    summary: "Change a member's role",
    description: `Owners and admins. Granting or taking the owner role is an ownership transfer: owners only. The last owner cannot be demoted (409, details.reason last_owner); concurrent changes to one account's members run one after the other. The member's next request runs with the new role. ${SESSION_OR_KEY}`,
    tags,
    family: "api",
    auth: teamAuth(),
    params: UserIdParam,
    body: z.strictObject({ role: Role }),
    examples: { params: { userId: "6f1d2c3b-4a59-4e68-9b7a-0c1d2e3f4a5b" }, body: { role: "viewer" } },
    audit: {
      action: "member.role_changed",
      target: ({ params }) => `user:${params.userId}`,
      summary: ({ body }) => ({ role: body.role }),
    },
    responses: {
      200: { description: "The member with the new role", schema: MemberSchema },
      409: { description: "conflict (details.reason last_owner): the account's last owner cannot be demoted" },
    },
  }),
  removeMember: contract({
    operationId: "members.remove",
    method: "DELETE",
    path: "/api/account/members/{userId}",
    summary: "Remove a member, or leave the account",
    description: `Any member may remove themself (leave); removing someone else takes an owner or admin, and removing an owner takes an owner. The last owner cannot leave or be removed (409). The member's sessions in this account end at once on every instance (the session reads its membership on every request); keys they minted stay, being the account's. ${SESSION_OR_KEY}`,
    tags,
    family: "api",
    auth: teamAuth(),
    params: UserIdParam,
    examples: { params: { userId: "6f1d2c3b-4a59-4e68-9b7a-0c1d2e3f4a5b" } },
    audit: { action: "member.removed", target: ({ params }) => `user:${params.userId}` },
    responses: {
      204: { description: "Removed" },
      409: { description: "conflict (details.reason last_owner): the account's last owner cannot leave or be removed" },
    },
  }),
  createInvitation: contract({
    operationId: "invitations.create",
    method: "POST",
    path: "/api/account/invitations",
    summary: "Invite someone by email",
    description: `Owners and admins (owner role: owners only). Emails a single-use link to /invite/<token>, valid 7 days; the token is stored hashed and appears only in that email. Inviting the same address again replaces the pending invitation. ${SESSION_OR_KEY}`,
    tags,
    family: "api",
    auth: teamAuth(),
    body: z.strictObject({ email: EmailSchema, role: Role }),
    examples: { body: { email: "lucia.fernandez@example.com", role: "developer" } },
    audit: {
      action: "invitation.created",
      target: ({ data }) => `invitation:${data.invitation_id}`,
      summary: ({ body }) => ({ email: body.email, role: body.role }),
    },
    responses: {
      201: { description: "Invitation sent", schema: InvitationSchema.meta({ id: "CreatedAccountInvitation" }) },
      409: { description: "conflict (details.reason already_member): the address already belongs to a member" },
      503: { description: "The email could not be sent; nothing was created" },
    },
  }),
  listInvitations: contract({
    operationId: "invitations.list",
    method: "GET",
    path: "/api/account/invitations",
    summary: "List pending invitations",
    description: `Invitations neither accepted nor revoked, newest first; owners and admins. ${SESSION_OR_KEY}`,
    tags,
    family: "api",
    auth: teamAuth(),
    examples: {},
    responses: {
      200: { description: "Pending invitations", schema: z.strictObject({ data: z.array(PendingInvitationSchema) }) },
    },
  }),
  revokeInvitation: contract({
    operationId: "invitations.revoke",
    method: "DELETE",
    path: "/api/account/invitations/{invitationId}",
    summary: "Revoke a pending invitation",
    description: `The link stops working at once. Owners and admins. ${SESSION_OR_KEY}`,
    tags,
    family: "api",
    auth: teamAuth(),
    params: InvitationIdParam,
    examples: { params: { invitationId: "0b8e7c1a-2d3f-4a5b-8c6d-7e8f9a0b1c2d" } },
    audit: { action: "invitation.revoked", target: ({ params }) => `invitation:${params.invitationId}` },
    responses: { 204: { description: "Revoked" } },
  }),
  acceptInvitation: contract({
    operationId: "invitations.accept",
    method: "POST",
    path: "/api/account/invitations/accept",
    summary: "Accept an invitation",
    description:
      "No credential: the token from the emailed link is the credential, and works once. Someone new chooses a password (and a name) and becomes a user; an existing user with the invited email is attached to the account (password ignored; a member already keeps their role). Sign in afterwards.",
    tags,
    family: "api",
    auth: none(),
    body: z.strictObject({
      token: z.string().min(1).max(200).meta({ description: "The inv_… token from the link /invite/<token>" }),
      password: PasswordSchema.optional().meta({ description: "Required when no user has the invited email yet" }),
      name: z.string().trim().max(120).optional(),
    }),
    examples: {
      body: {
        token: "inv_4kQ9zX2mB7rT1vN8pL3sW6yH0cJ5dF2a",
        password: "amber-canyon-lighthouse-7",
        name: "Lucía Fernández",
      },
    },
    responses: {
      200: {
        description: "The user and the account they joined",
        schema: z.strictObject({
          user: z.strictObject({
            user_id: z.string().uuid(),
            email: z.string(),
            name: z.string().nullable(),
            created: z.boolean().meta({ description: "true when this acceptance created the user" }),
          }),
          account: z.strictObject({ account_id: z.string().uuid(), name: z.string(), role: Role }),
        }),
      },
      404: { description: "The link is not valid" },
      410: { description: "gone: the invitation was already used, revoked, or has expired" },
    },
  }),
  listMemberships: contract({
    operationId: "accounts.listMemberships",
    method: "GET",
    path: "/api/account/memberships",
    summary: "The accounts you belong to",
    description:
      "Portal (session) only: every account the signed-in person is a member of, with their role, and which one the session is in (the account switcher).",
    tags,
    family: "api",
    auth: session(),
    examples: {},
    responses: {
      200: {
        description: "Memberships",
        schema: z.strictObject({
          current_account_id: z.string().uuid(),
          data: z.array(
            z.strictObject({
              account_id: z.string().uuid(),
              name: z.string(),
              role: Role,
              plan: z.enum(PLANS),
              environment: z.enum(ENVIRONMENTS),
            }),
          ),
        }),
      },
    },
  }),
};
