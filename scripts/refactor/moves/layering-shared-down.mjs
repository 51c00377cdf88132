/**
 * Issue 44 acceptance (layering): a shared piece that a lower layer needs moves down. The Inngest
 * client is a job-runner handle (infrastructure), not an adapter: lib/webhooks/emit-event.ts sends
 * through it, and inngest/ functions register on it.
 */
const MOVES = [["inngest/client.ts", "lib/jobs/inngest-client.ts"]];

export default MOVES;
