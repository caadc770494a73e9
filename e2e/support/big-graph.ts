// Generates a large CGC Input IR module for the scale specs: blocks of conv → relu → add (residual) →
// sigmoid → mul, so the compiler forms many subgraphs of both WebGPU targets. `prefix` starts every
// value name (`StatefulPartitionedCall_…`, as a TF export names them).
export function bigGraphIr(nodeCount: number, prefix = ''): string {
  const t = '!cgc.tensor<1x4x8x8x!cgc.float32>';
  const lines = [
    'cgc.module {',
    `  cgc.entry_point @main(%x: ${t}) -> ${t} {`,
    '    %w = cgc.constant("w") : !cgc.tensor<constant 4x4x3x3x!cgc.float32>',
    '    %b = cgc.constant("b") : !cgc.tensor<constant 4x!cgc.float32>',
  ];
  let prev = '%x';
  let n = 0;
  for (let blk = 0; n < nodeCount; blk++) {
    const c = `%${prefix}conv${blk}`, r = `%${prefix}relu${blk}`, a = `%${prefix}add${blk}`, s = `%${prefix}sig${blk}`, m = `%${prefix}mul${blk}`;
    lines.push(`    ${c} = cgc_op.convolution(${prev}, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]}`);
    lines.push(`    ${r} = cgc_op.relu(${c})`);
    lines.push(`    ${a} = cgc_op.add(${r}, ${prev})`);
    lines.push(`    ${s} = cgc_op.sigmoid(${a})`);
    lines.push(`    ${m} = cgc_op.mul(${s}, ${a})`);
    prev = m;
    n += 5;
  }
  lines.push(`    cgc.return ${prev}`, '  }', '}', '');
  return lines.join('\n');
}
