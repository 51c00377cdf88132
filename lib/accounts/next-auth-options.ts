import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import GoogleProvider from "next-auth/providers/google";
import { env } from "@/lib/env";
import { findUserByEmail } from "@/lib/accounts/find-user";
import { defaultAccountOf, isMember } from "@/lib/accounts/members";
import { verifySignIn } from "./verify-sign-in";
import { authSecret } from "@/lib/auth/auth-secret";

/** next-auth configuration: email + password always; OAuth when its env vars are set. */
export function authOptions(): NextAuthOptions {
  const e = env();
  const providers: NextAuthOptions["providers"] = [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const email = credentials?.email?.trim();
        const password = credentials?.password;
        if (!email || !password) return null;
        // One argon2 verification whether or not the address has an account (timing tells nothing).
        return verifySignIn(email, password);
      },
    }),
  ];
  if (e.GITHUB_ID && e.GITHUB_SECRET)
    providers.push(GitHubProvider({ clientId: e.GITHUB_ID, clientSecret: e.GITHUB_SECRET }));
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    providers.push(GoogleProvider({ clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }));
  }
  return {
    secret: authSecret(),
    session: { strategy: "jwt", maxAge: 30 * 24 * 3600 },
    pages: { signIn: "/sign-in" },
    providers,
    callbacks: {
      async signIn({ user, account }) {
        // OAuth sign-in is allowed only for an existing user with the same email
        // (account creation happens through sign-up, which creates the developer account).
        if (!account || account.provider === "credentials") return true;
        if (!user.email) return false;
        const found = await findUserByEmail(user.email);
        if (!found) return "/sign-up?error=oauth_no_account";
        user.id = found.user.id;
        (user as { sv?: number }).sv = found.user.sessionVersion;
        return true;
      },
      async jwt({ token, user, trigger, session }) {
        // `acc`: the session's current account (issue 30). Set at sign-in; changed by the account
        // switcher (useSession().update({ accountId })) only to an account the person belongs to.
        if (user?.id) {
          token.sub = user.id;
          token.acc = await defaultAccountOf(user.id);
          // The session version at sign-in (a password reset moves it on; lib/auth/session.ts).
          token.sv = (user as { sv?: number }).sv ?? 0;
        }
        const wanted = (session as { accountId?: unknown } | undefined)?.accountId;
        if (trigger === "update" && typeof wanted === "string" && token.sub && (await isMember(token.sub, wanted)))
          token.acc = wanted;
        return token;
      },
      async session({ session, token }) {
        if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
        return session;
      },
    },
  };
}
