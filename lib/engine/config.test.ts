import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { generateWebhookSecret } from './webhooks/sign';

// Security review (issue 27): a malformed QUARRY_WEBHOOK_SECRET was accepted at start, and then every
// webhook delivery failed to sign. It is now refused with a message naming the expected form.
describe('QUARRY_WEBHOOK_SECRET', () => {
  const load = (secret: string | undefined) => loadConfig({ QUARRY_WEBHOOK_SECRET: secret });

  it.each([
    ['a plain password', 'hunter2'],
    ['the prefix on a short key', 'whsec_aHVudGVyMg=='],
    ['base64 of 32 bytes without the prefix', Buffer.alloc(32, 7).toString('base64')],
    ['base64url characters', `whsec_${Buffer.alloc(32, 251).toString('base64url')}`],
  ])('refuses %s, naming the variable and the expected form', (_, secret) => {
    expect(() => load(secret)).toThrow(/QUARRY_WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_/);
  });

  it('takes a generated secret, and treats empty as unset (one is then generated and stored)', () => {
    const secret = generateWebhookSecret();
    expect(load(secret).webhookSecret).toBe(secret);
    expect(load('').webhookSecret).toBeUndefined();
    expect(load(undefined).webhookSecret).toBeUndefined();
  });
});
