// Makes a layered layout's x feasible when one item (a group's box) sits in several ranks: every pair
// of neighbours in a rank must keep its gap. The constraints x[b] − x[a] ≥ sep form a DAG (the ranks
// agree on the order of the items they share); a left-to-right and a right-to-left pass each give a
// feasible x nearest the wanted one from their side, and their mean is feasible too (the set is convex).

export function legalize(rows: readonly (readonly number[])[], x: Float64Array, width: Float64Array, gap: number): void {
  const count = x.length;
  const succ: number[][] = Array.from({ length: count }, () => []);
  const sepOf: number[][] = Array.from({ length: count }, () => []);
  const indeg = new Int32Array(count);
  for (const row of rows) {
    for (let i = 1; i < row.length; i++) {
      const a = row[i - 1]!, b = row[i]!;
      succ[a]!.push(b);
      sepOf[a]!.push((width[a]! + width[b]!) / 2 + gap);
      indeg[b]++;
    }
  }
  const order: number[] = [];
  for (let v = 0; v < count; v++) if (!indeg[v]) order.push(v);
  for (let i = 0; i < order.length; i++) {
    for (const b of succ[order[i]!]!) if (--indeg[b] === 0) order.push(b);
  }
  if (order.length !== count) throw new Error(`layout: the ranks disagree on the order of their items (${count - order.length} items in a cycle)`);
  const left = Float64Array.from(x);
  for (const a of order) succ[a]!.forEach((b, k) => { left[b] = Math.max(left[b]!, left[a]! + sepOf[a]![k]!); });
  const right = Float64Array.from(x);
  for (let i = order.length - 1; i >= 0; i--) {
    const a = order[i]!;
    succ[a]!.forEach((b, k) => { right[a] = Math.min(right[a]!, right[b]! - sepOf[a]![k]!); });
  }
  for (let v = 0; v < count; v++) x[v] = (left[v]! + right[v]!) / 2;
}
