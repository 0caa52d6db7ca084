// Remembers every data_uuid of a file to report duplicates, for files of up to millions of rows.
// It keeps a 64-bit hash per uuid in typed arrays instead of the strings in a Map: on 100k rows a
// Map<string, number> cost 3–4× more time (every kept string is copied by the young-generation GC)
// and several times the memory. The price is a possible false duplicate when two different uuids
// share all 64 bits: for a file of n rows the chance is about n² / 2^65, 1 in 37 million for a
// million-row file.
//
// Layout: an open-addressing table of [low hash, row index + 1] pairs (8 bytes a slot, kept 12–50%
// full), and the high hash of each row in a plain array indexed by row. Probes only touch the
// compact table; the high half is read when the low halves match, which is almost only for true
// duplicates. Inserting costs one random memory access, which dominates at a million rows.

const INITIAL_SLOTS = 1 << 16; // power of two; 512 KB, so files up to 32k rows never rehash

export class UuidRegistry {
  private mask = INITIAL_SLOTS - 1;
  private table: Int32Array = new Int32Array(INITIAL_SLOTS * 2);
  private highByRow: Int32Array = new Int32Array(INITIAL_SLOTS);
  private count = 0;

  /** Records `uuid` as used by row `index`; returns the earlier row's index if it was already used. */
  add(uuid: string, index: number): number | undefined {
    // Two 32-bit multiplicative lanes (cyrb53's mixing, kept at 64 bits), fed two characters per
    // step. Each step is a bijection of the lane, so two strings of equal length that differ in one
    // character never collide.
    const length = uuid.length;
    let h1 = 0xdeadbeef ^ length;
    let h2 = 0x41c6ce57;
    let i = 0;
    for (; i + 1 < length; i += 2) {
      const pair = uuid.charCodeAt(i) | (uuid.charCodeAt(i + 1) << 16);
      h1 = Math.imul(h1 ^ pair, 2654435761);
      h2 = Math.imul(h2 ^ pair, 1597334677);
    }
    if (i < length) {
      const last = uuid.charCodeAt(i);
      h1 = Math.imul(h1 ^ last, 2654435761);
      h2 = Math.imul(h2 ^ last, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);

    const table = this.table;
    const mask = this.mask;
    let slot = h1 & mask;
    for (;;) {
      const stored = table[slot * 2 + 1] ?? 0;
      if (stored === 0) break;
      if (table[slot * 2] === h1 && this.highByRow[stored - 1] === h2) return stored - 1;
      slot = (slot + 1) & mask;
    }
    table[slot * 2] = h1;
    table[slot * 2 + 1] = index + 1;
    if (index >= this.highByRow.length) this.highByRow = grown(this.highByRow, index);
    this.highByRow[index] = h2;
    if (++this.count * 2 > mask) this.grow();
    return undefined;
  }

  /** Grows the table ×4 (not ×2: re-inserting is a large part of the cost, and this halves it). */
  private grow(): void {
    const old = this.table;
    const slots = (this.mask + 1) * 4;
    const mask = slots - 1;
    const table = new Int32Array(slots * 2);
    for (let from = 0; from < old.length; from += 2) {
      const stored = old[from + 1] ?? 0;
      if (stored === 0) continue;
      const h1 = old[from] ?? 0;
      let slot = h1 & mask;
      while ((table[slot * 2 + 1] ?? 0) !== 0) slot = (slot + 1) & mask;
      table[slot * 2] = h1;
      table[slot * 2 + 1] = stored;
    }
    this.table = table;
    this.mask = mask;
  }
}

function grown(array: Int32Array, index: number): Int32Array {
  const bigger = new Int32Array(Math.max(array.length * 2, index + 1));
  bigger.set(array);
  return bigger;
}
