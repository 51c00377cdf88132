/**
 * Copy-paste verification snippets (spec "Delivery" 3): raw body, HMAC-SHA256
 * over `${timestamp}.${raw_body}` keyed by the whole secret, constant-time
 * compare with a length check, |now - timestamp| <= 300 s.
 */
export const VERIFY_TYPESCRIPT = `import { createHmac, timingSafeEqual } from "node:crypto";

// Call with the RAW request body (e.g. await req.text()), before JSON.parse.
export function verifyWebhook(rawBody: string, headers: Headers, secret: string): boolean {
  const signature = headers.get("x-service-signature") ?? "";
  const timestamp = headers.get("x-service-timestamp") ?? "";
  if (!/^\\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}`;

export const VERIFY_PYTHON = `import hashlib, hmac, time

def verify_webhook(raw_body: bytes, headers, secret: str) -> bool:
    """raw_body: the request body bytes exactly as received."""
    signature = headers.get("X-Service-Signature", "")
    timestamp = headers.get("X-Service-Timestamp", "")
    if not timestamp.isdigit() or abs(time.time() - int(timestamp)) > 300:
        return False
    message = timestamp.encode() + b"." + raw_body
    expected = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)`;

export const VERIFY_GO = `package webhooks

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"net/http"
	"strconv"
	"time"
)

// VerifyWebhook checks a delivery; rawBody is the body exactly as received.
func VerifyWebhook(rawBody []byte, h http.Header, secret string) bool {
	ts, err := strconv.ParseInt(h.Get("X-Service-Timestamp"), 10, 64)
	if err != nil || math.Abs(float64(time.Now().Unix()-ts)) > 300 {
		return false
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(ts, 10) + "."))
	mac.Write(rawBody)
	expected := hex.EncodeToString(mac.Sum(nil))
	return hmac.Equal([]byte(expected), []byte(h.Get("X-Service-Signature")))
}`;

export const RECIPES = [
  { id: "ts", label: "TypeScript", code: VERIFY_TYPESCRIPT },
  { id: "py", label: "Python", code: VERIFY_PYTHON },
  { id: "go", label: "Go", code: VERIFY_GO },
] as const;
