import { randomUUID } from "node:crypto";
import { serve } from "inngest/next";
import { inngest } from "@/lib/jobs/inngest-client";
import { functions } from "@/inngest";
import { errorBody } from "@/lib/http/envelopes";
import { ApiError } from "@/lib/http/errors";
import { inngestEnabled } from "@/lib/jobs/mode";

const served = serve({ client: inngest, functions });
type Handler = (typeof served)["GET"];

/** Without Inngest configured (the local runner does the work) there is nothing here: 404, not the SDK's 500. */
function whenConfigured(handler: Handler): Handler {
  return ((...args: Parameters<Handler>) => {
    if (inngestEnabled()) return handler(...args);
    const requestId = randomUUID();
    const body = errorBody(
      "api",
      new ApiError("not_found", "Inngest is not configured on this deployment."),
      requestId,
    );
    return Response.json(body, { status: 404, headers: { "X-Request-Id": requestId } });
  }) as Handler;
}

export const GET = whenConfigured(served.GET);
export const POST = whenConfigured(served.POST);
export const PUT = whenConfigured(served.PUT);
