/**
 * The keys of the cards an upload holds histories of (card-history-cache.ts), each to its slot,
 * kept in typed arrays rather than a Map of strings: a held card then costs the garbage collector
 * nothing to trace, and the live heap stays the same whatever the file's size (as a
 * Map, the keys of the 5-million-row benchmark's 1.2 million cards were most of its live heap).
 *
 * An open-addressing hash table of slots (FNV-1a of the key's UTF-16 units, linear probing), the
 * keys' units copied into one array (so a key never keeps the file's text alive either). Keys
 * deleted leave a mark in the table and their units unused; both are reclaimed once they are half
 * of what is held.
 */
const empty = 0;
const deleted = -1;

function hashOf(key: string): number {
  let hash = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash;
}

export class CardKeys {
  /** Per table position: its slot + 1, `empty` or `deleted`. */
  private table = new Int32Array(1024);
  /** Positions not empty (held or deleted). */
  private taken = 0;
  private held = 0;
  // Per slot: where its key's units start, how many, its hash and its table position.
  private start = new Int32Array(16);
  private length = new Int32Array(16);
  private hash = new Int32Array(16);
  private position = new Int32Array(16);
  private units = new Uint16Array(16_384);
  /** The first unused index of `units`, and how many before it belong to deleted keys. */
  private end = 0;
  private unusedUnits = 0;

  get size(): number {
    return this.held;
  }

  /** The key's slot, or -1 when it is not held. */
  get(key: string): number {
    const hash = hashOf(key);
    const mask = this.table.length - 1;
    for (let at = hash & mask; ; at = (at + 1) & mask) {
      const entry = this.table[at]!;
      if (entry === empty) return -1;
      if (entry !== deleted && this.hash[entry - 1] === hash && this.holds(entry - 1, key)) return entry - 1;
    }
  }

  /** Holds a key not held yet, for the slot (a slot holds one key at a time). */
  set(key: string, slot: number) {
    if (slot >= this.start.length) this.growSlots(slot + 1);
    if ((this.taken + 1) * 2 > this.table.length) {
      this.rebuild(this.held * 4 > this.table.length ? this.table.length * 2 : this.table.length);
    }
    if (this.end + key.length > this.units.length) this.makeRoom(key.length);
    const hash = hashOf(key);
    this.start[slot] = this.end;
    this.length[slot] = key.length;
    this.hash[slot] = hash;
    for (let i = 0; i < key.length; i += 1) this.units[this.end + i] = key.charCodeAt(i);
    this.end += key.length;
    const mask = this.table.length - 1;
    let at = hash & mask;
    while (this.table[at] !== empty && this.table[at] !== deleted) at = (at + 1) & mask;
    if (this.table[at] === empty) this.taken += 1;
    this.table[at] = slot + 1;
    this.position[slot] = at;
    this.held += 1;
  }

  /** Forgets the slot's key. */
  delete(slot: number) {
    this.table[this.position[slot]!] = deleted;
    this.unusedUnits += this.length[slot]!;
    this.held -= 1;
  }

  private holds(slot: number, key: string): boolean {
    if (this.length[slot] !== key.length) return false;
    const start = this.start[slot]!;
    for (let i = 0; i < key.length; i += 1) {
      if (this.units[start + i] !== key.charCodeAt(i)) return false;
    }
    return true;
  }

  /** A table of `size` positions holding the same slots, without the deleted marks. */
  private rebuild(size: number) {
    const old = this.table;
    this.table = new Int32Array(size);
    const mask = size - 1;
    for (const entry of old) {
      if (entry === empty || entry === deleted) continue;
      let at = this.hash[entry - 1]! & mask;
      while (this.table[at] !== empty) at = (at + 1) & mask;
      this.table[at] = entry;
      this.position[entry - 1] = at;
    }
    this.taken = this.held;
  }

  /** Room for `needed` more units: the held keys packed to the front, in a larger array if need be. */
  private makeRoom(needed: number) {
    const inUse = this.end - this.unusedUnits;
    const size = Math.max(
      this.units.length * (inUse + needed > this.units.length / 2 ? 2 : 1),
      inUse + needed,
    );
    const units = new Uint16Array(size);
    let end = 0;
    for (const entry of this.table) {
      if (entry === empty || entry === deleted) continue;
      const slot = entry - 1;
      const start = this.start[slot]!;
      units.set(this.units.subarray(start, start + this.length[slot]!), end);
      this.start[slot] = end;
      end += this.length[slot]!;
    }
    this.units = units;
    this.end = end;
    this.unusedUnits = 0;
  }

  private growSlots(needed: number) {
    const size = Math.max(this.start.length * 2, needed);
    const grown = (array: Int32Array) => {
      const next = new Int32Array(size);
      next.set(array);
      return next;
    };
    this.start = grown(this.start);
    this.length = grown(this.length);
    this.hash = grown(this.hash);
    this.position = grown(this.position);
  }
}
