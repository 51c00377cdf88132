import type { AttemptStatus } from "@/drizzle/schema";
import type { PostResult } from "./post-signed";

/** What recording an attempt returns (lib/webhooks/record-attempt.ts, record-success-batch.ts). */
export interface AttemptRecord {
  attemptId: string;
  deliveryId: string;
  attemptNumber: number;
  status: AttemptStatus;
  nextRetryAt: Date | null;
}

/** What a worker observed about one attempt. */
export interface AttemptFacts {
  result: PostResult;
  signature: string;
  timestamp: number;
  attemptedAt: Date;
  completedAt: Date;
  /** The request exactly as sent (shown on the attempt; the secret is never part of it). */
  sent?: { body: string; headers: Record<string, string> };
}
