// The layout worker's path (parse the Input IR, build the graph, lay it out) on a 20,000-op chain:
// no recursion or argument spread in it may grow with the model (a stack overflow is a crash).
import { describe, expect, it } from 'vitest';
import type { CompileResponse } from '../engine/service';
import { prepareGraph } from './layout-prepare';

const T = '!cgc.tensor<1x4x!cgc.float32>';

/** A chain of `n` relu ops as Input IR text, and partitions that fuse them four at a time. */
function reluChain(n: number): { text: string; partitions: NonNullable<CompileResponse['partitions']> } {
  const lines = ['cgc.module {', `  cgc.entry_point @main(%x: ${T}) -> ${T} {`];
  for (let i = 0; i < n; i++) lines.push(`    %t${i} = cgc_op.relu(%${i ? `t${i - 1}` : 'x'}) : (${T}) -> ${T}`);
  lines.push(`    cgc.return %t${n - 1} : ${T}`, '  }', '}');
  const subgraphs = [];
  for (let i = 0; i < n; i += 4) {
    const opIds = Array.from({ length: Math.min(4, n - i) }, (_, k) => `%t${i + k}`);
    subgraphs.push({ symbol: `sg${i / 4}`, target: 'webgpu', pattern: 'relu_chain', ops: opIds.map(() => 'relu'), opIds, step: i / 4, dependsOn: [], reuseDependsOn: [] });
  }
  return { text: lines.join('\n'), partitions: [{ name: 'partition0', target: 'webgpu', dependsOn: [], reuseDependsOn: [], subgraphs }] };
}

describe('layout worker path at scale', () => {
  it('lays out a 20,000-op chain (20,002 nodes) within 30 s without a stack overflow', () => {
    const n = 20_000;
    const { text, partitions } = reluChain(n);
    const t0 = performance.now();
    const { model, layout } = prepareGraph(text, partitions);
    const ms = performance.now() - t0;
    expect(model.nodes).toHaveLength(n + 2);
    expect(model.edges).toHaveLength(n + 1);
    expect(model.groups).toHaveLength(n / 4);
    // A chain: every node on its own rank, one after another.
    for (const [from, to] of model.edges) expect(layout.rank[to]!).toBeGreaterThan(layout.rank[from]!);
    expect(ms).toBeLessThan(30_000);
  }, 60_000);
});
