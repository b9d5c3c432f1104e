// §11.6 Standard Webhooks signing: `v1,<base64 HMAC-SHA256>` keyed with the secret's bytes (the base64
// after `whsec_`), over `<webhook-id>.<webhook-timestamp>.<body>`.
import { createHmac } from 'node:crypto';

const PREFIX = 'whsec_';

/** The key of a `whsec_…` secret: its base64 part, decoded. */
function keyOf(secret: string): Buffer {
  if (!secret.startsWith(PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(PREFIX.length), 'base64');
}

/** One signature, `v1,<sig>`. */
export function sign(secret: string, webhookId: string, timestamp: number | string, body: string): string {
  const sig = createHmac('sha256', keyOf(secret)).update(`${webhookId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${sig}`;
}

/** The `webhook-signature` header: one signature per valid secret, newest first, one space between. */
export function signatureHeader(secrets: readonly string[], webhookId: string, timestamp: number, body: string): string {
  return secrets.map((s) => sign(s, webhookId, timestamp, body)).join(' ');
}

/** Every header of an attempt (§11.6); `at` is the attempt's time (integer Unix seconds are sent). */
export function webhookHeaders(secrets: readonly string[], eventId: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, eventId, timestamp, body),
  };
}
