// Webhook signatures after Standard Webhooks (standardwebhooks.com, spec 1.0.0): the secret is `whsec_` and
// the base64 of 32 random bytes; each request carries `webhook-id` (the delivery id, the same on every retry:
// receivers deduplicate by it), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the
// base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` under the secret's bytes). Signing is the `standardwebhooks`
// package's (the reference implementation, MIT), so any receiver's verifier of that spec accepts it.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret, shown once when the subscription is created. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The three headers of one signed request. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** Sign `body` (the exact bytes sent) as message `id` at `at`. */
export function signWebhook(secret: string, id: string, at: Date, body: string): WebhookHeaders {
  const signature = new Webhook(secret).sign(id, at, body);
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
}
