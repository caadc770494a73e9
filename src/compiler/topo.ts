// Kahn's topological sort with a priority: among the ready nodes, the smallest key goes first.

export function topologicalOrder(count: number, deps: readonly (readonly number[])[], key: (i: number) => number): number[] {
  const indegree = new Array<number>(count).fill(0);
  const users: number[][] = Array.from({ length: count }, () => []);
  deps.forEach((ds, i) => {
    for (const d of new Set(ds)) {
      indegree[i]!++;
      users[d]!.push(i);
    }
  });
  const heap: number[] = [];
  const less = (a: number, b: number) => key(a) < key(b) || (key(a) === key(b) && a < b);
  const push = (x: number) => {
    heap.push(x);
    for (let i = heap.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (!less(heap[i]!, heap[p]!)) break;
      [heap[i], heap[p]] = [heap[p]!, heap[i]!];
      i = p;
    }
  };
  const pop = (): number => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && less(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && less(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  };
  for (let i = 0; i < count; i++) if (indegree[i] === 0) push(i);
  const order: number[] = [];
  while (heap.length) {
    const x = pop();
    order.push(x);
    for (const u of users[x]!) if (--indegree[u]! === 0) push(u);
  }
  if (order.length !== count) throw new Error('dependencies form a cycle');
  return order;
}
