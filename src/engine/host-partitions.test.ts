// Why a partition runs on the host: the decision log's declines of its subgraphs, for host partitions only.
import { describe, expect, it } from 'vitest';
import { parseModule } from '../ir';
import { compile } from '../compiler/pipeline';
import { defaultTargets } from './targets';
import { hostPartitionReasons } from './host-partitions';

const I64 = '!cgc.tensor<2x8x!cgc.int64>';
const TEXT = `cgc.module {
  cgc.entry_point @main(%x: ${I64}) -> !cgc.tensor<8x2x!cgc.int64> {
    %a = cgc_op.add(%x, %x) : (${I64}, ${I64}) -> ${I64}
    %b = cgc_op.transpose(%a) {permutation = [1, 0]} : (${I64}) -> !cgc.tensor<8x2x!cgc.int64>
    cgc.return %b : !cgc.tensor<8x2x!cgc.int64>
  }
}
`;

describe('host partition reasons', () => {
  it('name the GPU targets\' declines of a host partition\'s subgraphs, and nothing for GPU partitions', () => {
    const targets = defaultTargets();
    const s = compile(parseModule(TEXT).module!, targets);
    expect(s.partitions.map((p) => p.target)).toEqual(['cpu-reference', 'webgpu-fallback']);
    const reasons = hostPartitionReasons(s, targets);
    expect([...reasons.keys()]).toEqual([s.partitions[0]!.name]);
    expect(reasons.get(s.partitions[0]!.name)).toEqual([
      "@add: @single_op (webgpu-fallback): target 'webgpu-fallback' declined the specialization: cgc_op.add with an int64 result (!cgc.tensor<2x8x!cgc.int64>) "
      + 'would be computed in 32 bits (WGSL has no 64-bit integers) and its values are not proven to fit in int32 (cgc.value_range); the CPU reference computes it exactly',
    ]);
  });
});
