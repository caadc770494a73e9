// The layered layout: ranks follow edges, nodes of a rank never overlap, and 5,000 nodes lay out fast.
import { describe, expect, it } from 'vitest';
import { layoutGraph } from './layout';

function chainWithSkips(n: number): { sizes: { w: number; h: number }[]; edges: [number, number][] } {
  const edges: [number, number][] = [];
  for (let i = 1; i < n; i++) edges.push([i - 1, i]);
  for (let i = 3; i < n; i += 3) edges.push([i - 3, i]);
  return { sizes: Array.from({ length: n }, (_, i) => ({ w: 60 + (i % 4) * 20, h: 36 })), edges };
}

describe('layoutGraph', () => {
  it('puts every edge downwards and keeps nodes of one rank apart', () => {
    const g = chainWithSkips(40);
    g.sizes.push({ w: 80, h: 36 }, { w: 80, h: 36 });
    g.edges.push([5, 40], [5, 41], [40, 39]);
    const l = layoutGraph(g);
    for (const [a, b] of g.edges) expect(l.y[b]!).toBeGreaterThan(l.y[a]!);
    const byRank = new Map<number, number[]>();
    l.rank.forEach((r, v) => byRank.set(r, [...(byRank.get(r) ?? []), v]));
    for (const vs of byRank.values()) {
      const spans = vs.map((v) => [l.x[v]! - l.w[v]! / 2, l.x[v]! + l.w[v]! / 2] as const).sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
    }
    l.routes.forEach((pts, i) => {
      const [a, b] = g.edges[i]!;
      expect([pts[0], pts.at(-2)]).toEqual([l.x[a], l.x[b]]);
    });
  });

  it('lays out 5,000 nodes in well under a second', () => {
    const t0 = performance.now();
    const l = layoutGraph(chainWithSkips(5000));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(l.height).toBeGreaterThan(0);
    expect(Number.isFinite(l.width)).toBe(true);
  });

  it('handles an empty graph', () => {
    expect(layoutGraph({ sizes: [], edges: [] }).width).toBe(0);
  });
});
