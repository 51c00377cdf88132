import { accountContracts } from "@/lib/accounts/contracts";
import { createUser } from "@/lib/accounts/create-user";
import { defineRoute } from "@/lib/http/route";

export const POST = defineRoute(accountContracts.signUp, async ({ body }) => {
  const { userId, accountId } = await createUser(body);
  return { status: 201, data: { user_id: userId, account_id: accountId } };
});
