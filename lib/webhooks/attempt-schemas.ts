import { z } from "zod";
import { ATTEMPT_READ_STATUSES } from "./attempt-log";

const Headers = z.record(z.string(), z.string());

/** An attempt as the attempts views read it (webhook endpoint or watch). */
export const AttemptDetailSchema = z
  .object({
    attempt_id: z.uuid(),
    event_id: z.uuid(),
    event_type: z.string(),
    attempt_number: z
      .number()
      .int()
      .meta({ description: "Number within its delivery chain (a redelivery starts a new chain at 1)" }),
    status: z.enum(ATTEMPT_READ_STATUSES).meta({
      description:
        "delivered; retrying (latest failed attempt of a chain that will retry, see next_retry_at); failed (a failed attempt that was followed by another or whose chain ended); giving_up (the last attempt of a chain that gave up)",
    }),
    response_status: z
      .number()
      .int()
      .meta({ description: "0 when no HTTP response arrived (network error, timeout, refused target)" }),
    response_time_ms: z.number().int(),
    response_body_excerpt: z.string().meta({ description: "At most the first 1 KB of the response body" }),
    error_message: z.string().nullable(),
    request_signature: z.string(),
    request_timestamp: z
      .number()
      .int()
      .meta({ description: "X-Service-Timestamp sent with the attempt (Unix seconds)" }),
    scheduled_at: z.string(),
    attempted_at: z.string(),
    completed_at: z.string(),
    next_retry_at: z.string().nullable(),
    delivery_id: z.uuid(),
    delivery_kind: z
      .enum(["endpoint", "watch", "manual", "test"])
      .meta({ description: "endpoint/watch: the event's own chain; manual: a redelivery; test: a test event" }),
    chain_status: z.enum(["pending", "delivered", "giving_up", "cancelled"]),
    webhook_id: z.uuid().nullable(),
    watch_id: z.uuid().nullable(),
    url: z.string(),
    request_body: z.string().nullable().meta({
      description: "The body exactly as sent (the signed bytes); null on attempts recorded before this field existed",
    }),
    request_headers: Headers.nullable().meta({ description: "Headers as sent, X-Service-Signature included" }),
    response_headers: Headers.nullable().meta({
      description: "Headers received (at most 50, values cut at 512 characters)",
    }),
  })
  .meta({ id: "WebhookAttemptDetail" });
