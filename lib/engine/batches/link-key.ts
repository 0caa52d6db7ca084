import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { getOrCreateSetting, getSetting } from '../settings';

// Results links are signed with a key of their own. They used to be signed with the webhook secret,
// which every webhook receiver holds: any receiver could mint a link to any batch. The key is kept in
// the settings table, not derived from the data directory's key, because API processes on one
// PostgreSQL need not share a data directory and a link made by one must open on every other. It is
// read at each use (one small query), so deleting the setting invalidates every link on every
// process at once: the next use makes a new key.

const SETTING = 'results_link_key';

export async function readLinkKey(db: Db): Promise<Buffer> {
  const stored =
    (await getSetting<string>(db, SETTING)) ??
    // Insert-if-absent: processes starting together all end up with the first key written.
    (await getOrCreateSetting(db, SETTING, () => randomBytes(32).toString('base64')));
  return Buffer.from(stored, 'base64');
}
