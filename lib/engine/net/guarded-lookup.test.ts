import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_IPV4_FORMS } from './__fixtures__/embedded-ipv4-forms';
import { createGuardedLookup } from './guarded-lookup';

function lookUp(address: string): Promise<{ err: NodeJS.ErrnoException | null; found: LookupAddress[] }> {
  const lookup = createGuardedLookup({
    allowPrivate: false,
    resolve: async () => [{ address, family: 6 }],
  });
  return new Promise((resolve) =>
    lookup('shop.example.com', { all: true }, (err, found) =>
      resolve({ err, found: Array.isArray(found) ? found : [] }),
    ),
  );
}

describe('IPv6 forms that embed an IPv4 address, as DNS answers', () => {
  it.each(EMBEDDED_IPV4_FORMS)('%s: %s', async (_form, address, why) => {
    const { err, found } = await lookUp(address);
    if (why) {
      expect(err?.message).toMatch(/shop\.example\.com resolves to a non-public address/);
      expect(err?.message).toMatch(why);
    } else {
      expect(err).toBeNull();
      expect(found).toEqual([{ address, family: 6 }]);
    }
  });
});
