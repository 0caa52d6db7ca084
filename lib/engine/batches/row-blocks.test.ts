import { expect, it } from 'vitest';
import type { Db } from '../db/client';
import { primeRowBlock, rowsInRange, type StoredRow } from './row-blocks';
import { encodeBlock } from './row-block-format';

// A store that must not be asked: a primed block is taken from memory.
const noStore = {
  select() {
    throw new Error('the store was read');
  },
} as unknown as Db;

it('takes a primed first block without reading the store, once', async () => {
  const rows: StoredRow[] = Array.from(
    { length: 5 },
    (_, i) => [i, `u${i}`, [`https://s${i}.example/`]] as StoredRow,
  );
  primeRowBlock('batch_primed', 0, encodeBlock(rows));
  expect(await rowsInRange(noStore, 'batch_primed', 1, 4)).toEqual(rows.slice(1, 4));
  // Decoded into the block cache: later claims of the same block still need no read.
  expect(await rowsInRange(noStore, 'batch_primed', 4, 5)).toEqual(rows.slice(4, 5));
  await expect(rowsInRange(noStore, 'batch_other', 0, 1)).rejects.toThrow('the store was read');
});

// A store that serves the blocks of one batch and counts its reads (the chain Drizzle's select builds).
function countingStore(batchBlocks: Map<number, StoredRow[]>) {
  let reads = 0;
  const db = {
    select: () => ({
      from: () => ({
        where: async () => {
          reads++;
          return [...batchBlocks].map(([block, rows]) => ({ block, rows: encodeBlock(rows) }));
        },
      }),
    }),
  } as unknown as Db;
  return { db, reads: () => reads };
}

it("a read to a block's end does not keep it; one that ends inside it does, for the next read", async () => {
  const rows: StoredRow[] = Array.from(
    { length: 3 },
    (_, i) => [i, `u${i}`, [`https://r${i}.example/`]] as StoredRow,
  );
  const store = countingStore(new Map([[0, rows]]));
  expect(await rowsInRange(store.db, 'batch_reader', 0, 3)).toEqual(rows);
  expect(await rowsInRange(store.db, 'batch_reader', 0, 3)).toEqual(rows);
  expect(store.reads()).toBe(2); // read to its end: not kept, read again
  expect(await rowsInRange(store.db, 'batch_reader', 1, 2)).toEqual(rows.slice(1, 2)); // ends inside it: kept
  expect(await rowsInRange(store.db, 'batch_reader', 0, 3)).toEqual(rows);
  expect(store.reads()).toBe(3); // the next read took the kept block
});
