import NextAuth from "next-auth";
import { authOptions } from "@/lib/accounts/next-auth-options";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Built per request so the build never evaluates run-time settings.
async function handler(req: Request, ctx: Ctx) {
  return NextAuth(authOptions())(req, ctx);
}

export { handler as GET, handler as POST };
