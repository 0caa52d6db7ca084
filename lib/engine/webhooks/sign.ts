import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const PREFIX = 'whsec_';

/** A Standard Webhooks secret: `whsec_` + base64 of 32 random bytes (the spec asks for 24–64). */
export function generateWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function isWebhookSecret(value: string): boolean {
  if (!value.startsWith(PREFIX)) return false;
  const raw = value.slice(PREFIX.length);
  return /^[A-Za-z0-9+/]+={0,2}$/.test(raw) && Buffer.from(raw, 'base64').length >= 24;
}

export type Signer = (deliveryId: string, body: string, at?: Date) => Record<string, string>;

/**
 * Headers for one POST. `webhook-id` is the delivery id so receivers can de-duplicate retries;
 * timestamp and signature are fresh per attempt, as the spec's replay window expects.
 */
export function createSigner(secret: string): Signer {
  if (!isWebhookSecret(secret)) {
    throw new Error('the webhook secret must look like whsec_<base64 of at least 24 bytes>');
  }
  // The constructor decodes the key once; signing is then a single HMAC per attempt.
  const wh = new Webhook(secret);
  return (deliveryId, body, at = new Date()) => ({
    'content-type': 'application/json',
    'user-agent': 'Quarry-Webhooks/1',
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': wh.sign(deliveryId, at, body),
  });
}
