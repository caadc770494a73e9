// Arenas per branch: a block joins the first arena that no step unordered with its own steps
// touches. Steps that may run at the same time then share a buffer only where they touch one block
// (the parts of an elided concat): WebGPU need not order them, and reuse inside an arena never
// does (no implicit dependencies).

export interface Accesses {
  /** Steps that write the block. */
  readonly writes: readonly number[];
  /** Steps that read or write it (`writes` among them). */
  readonly accesses: readonly number[];
}

/**
 * An arena index per block, blocks taken in the order given (by first write). Block b may join
 * arena k when no step writing b is unordered with a step touching a block of k, nor the reverse.
 * `dependsOn(a, b)`: step a must finish before step b starts through data alone.
 */
export function branchArenas(blocks: readonly Accesses[], steps: number, dependsOn: (a: number, b: number) => boolean): number[] {
  const words = Math.ceil(steps / 32);
  const unorderedWith = new Map<number, Uint32Array>();
  /** The steps that may run at the same time as `s`. */
  const unordered = (s: number): Uint32Array => {
    let set = unorderedWith.get(s);
    if (!set) {
      set = new Uint32Array(words);
      for (let t = 0; t < steps; t++) if (t !== s && !dependsOn(t, s) && !dependsOn(s, t)) set[t >> 5]! |= 1 << (t & 31);
      unorderedWith.set(s, set);
    }
    return set;
  };
  const bits = (list: readonly number[]): Uint32Array => {
    const set = new Uint32Array(words);
    for (const s of list) set[s >> 5]! |= 1 << (s & 31);
    return set;
  };
  const meets = (a: Uint32Array, b: Uint32Array) => a.some((w, i) => (w & b[i]!) !== 0);
  const orInto = (into: Uint32Array, from: Uint32Array) => from.forEach((w, i) => { into[i]! |= w; });
  // Per arena: the steps that touch it, and the steps unordered with a step that writes it.
  const touched: Uint32Array[] = [];
  const racing: Uint32Array[] = [];
  return blocks.map((b) => {
    const access = bits(b.accesses);
    const race = new Uint32Array(words);
    for (const w of b.writes) orInto(race, unordered(w));
    let k = touched.findIndex((t, i) => !meets(race, t) && !meets(racing[i]!, access));
    if (k < 0) {
      k = touched.length;
      touched.push(new Uint32Array(words));
      racing.push(new Uint32Array(words));
    }
    orInto(touched[k]!, access);
    orInto(racing[k]!, race);
    return k;
  });
}
