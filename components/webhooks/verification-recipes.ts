/**
 * First choice: the Standard Webhooks libraries (every delivery carries webhook-id,
 * webhook-timestamp and webhook-signature; the secret is used as is, whsec_ included).
 * They check the signature (any of the space-separated v1 entries: two during a
 * rotation's grace period) and the timestamp (5 minutes), and return the parsed body.
 */
export const VERIFY_STANDARD_TS = `import { Webhook } from "standardwebhooks"; // npm install standardwebhooks

const wh = new Webhook(process.env.SKYCAST_WEBHOOK_SECRET!); // "whsec_…", as shown once

// Next.js route handler; any framework works: pass the RAW body and the headers.
export async function POST(req: Request) {
  const raw = await req.text(); // before any JSON parsing
  let event: { id: string; type: string; created_at: string; data: unknown };
  try {
    event = wh.verify(raw, Object.fromEntries(req.headers)) as typeof event;
  } catch {
    return new Response("bad signature", { status: 400 });
  }
  // webhook-id (= event.id) repeats on retries and redeliveries: deduplicate on it.
  return new Response(null, { status: 204 });
}`;

export const VERIFY_SVIX_TS = `import { Webhook } from "svix"; // npm install svix

const wh = new Webhook(process.env.SKYCAST_WEBHOOK_SECRET!); // "whsec_…"

export async function POST(req: Request) {
  const raw = await req.text();
  try {
    const event = wh.verify(raw, Object.fromEntries(req.headers)); // reads webhook-id/-timestamp/-signature
    // … handle event; deduplicate on event.id
  } catch {
    return new Response("bad signature", { status: 400 });
  }
  return new Response(null, { status: 204 });
}`;

export const VERIFY_STANDARD_PY = `# pip install standardwebhooks
import os
from standardwebhooks.webhooks import Webhook

wh = Webhook(os.environ["SKYCAST_WEBHOOK_SECRET"])  # "whsec_…"

def handle(raw_body: bytes, headers) -> dict:
    # Raises on a bad signature or a timestamp more than 5 minutes away.
    return wh.verify(raw_body, dict(headers))`;

/**
 * Our own X-Service-* scheme (spec "Delivery" 3): raw body, HMAC-SHA256
 * over `${timestamp}.${raw_body}` keyed by the whole secret, constant-time
 * compare with a length check, |now - timestamp| <= 300 s.
 */
export const VERIFY_TYPESCRIPT = `import { createHmac, timingSafeEqual } from "node:crypto";

// Call with the RAW request body (e.g. await req.text()), before JSON.parse.
// X-Service-Signatures lists v1=<hex> for every valid secret (two during a
// secret rotation's grace period); any match is accepted.
export function verifyWebhook(rawBody: string, headers: Headers, secret: string): boolean {
  const timestamp = headers.get("x-service-timestamp") ?? "";
  if (!/^\\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const candidates = (headers.get("x-service-signatures") ?? "").split(",").map((p) => p.trim())
    .filter((p) => p.startsWith("v1=")).map((p) => p.slice(3));
  candidates.push(headers.get("x-service-signature") ?? "");
  const expected = Buffer.from(createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex"));
  return candidates.some((c) => {
    const got = Buffer.from(c);
    return got.length === expected.length && timingSafeEqual(got, expected);
  });
}`;

export const VERIFY_PYTHON = `import hashlib, hmac, time

def verify_webhook(raw_body: bytes, headers, secret: str) -> bool:
    """raw_body: the request body bytes exactly as received. Any v1= signature
    in X-Service-Signatures (two during a secret rotation's grace period) may match."""
    timestamp = headers.get("X-Service-Timestamp", "")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    message = timestamp.encode() + b"." + raw_body
    expected = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    listed = [p.strip()[3:] for p in headers.get("X-Service-Signatures", "").split(",") if p.strip().startswith("v1=")]
    candidates = listed + [headers.get("X-Service-Signature", "")]
    return any(hmac.compare_digest(expected, c) for c in candidates)`;

export const VERIFY_GO = `package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// VerifyWebhook checks a delivery; rawBody is the body exactly as received.
// Any v1= signature in X-Service-Signatures (two during a secret rotation's
// grace period) may match.
func VerifyWebhook(rawBody []byte, h http.Header, secret string) bool {
	ts, err := strconv.ParseInt(h.Get("X-Service-Timestamp"), 10, 64)
	if err != nil || math.Abs(float64(time.Now().Unix()-ts)) > 300 {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10) + "."))
	mac.Write(rawBody)
	expected := []byte(hex.EncodeToString(mac.Sum(nil)))
	candidates := []string{h.Get("X-Service-Signature")}
	for _, p := range strings.Split(h.Get("X-Service-Signatures"), ",") {
		if p = strings.TrimSpace(p); strings.HasPrefix(p, "v1=") {
			candidates = append(candidates, p[3:])
		}
	}
	for _, c := range candidates {
		if hmac.Equal(expected, []byte(c)) {
			return true
		}
	}
	return false
}`;

export const RECIPES = [
  { id: "std-ts", label: "standardwebhooks (TS)", code: VERIFY_STANDARD_TS },
  { id: "std-py", label: "standardwebhooks (Python)", code: VERIFY_STANDARD_PY },
  { id: "svix", label: "svix", code: VERIFY_SVIX_TS },
  { id: "ts", label: "X-Service (TS)", code: VERIFY_TYPESCRIPT },
  { id: "py", label: "X-Service (Python)", code: VERIFY_PYTHON },
  { id: "go", label: "X-Service (Go)", code: VERIFY_GO },
] as const;
