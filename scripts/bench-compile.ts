// `npm run bench:compile [-- MODEL…]`: compile times (median and min of 5 runs, after a warm-up)
// for a generated 2,000-op network and for each model given (.mlir / .mlirbc / .onnx).
import { readFileSync } from 'node:fs';
import { type Operation, parseModule, printModule } from '../src/ir';
import { compile } from '../src/compiler/pipeline';
import { defaultTargets } from '../src/engine/targets';
import { loadModel } from '../src/cli/load';

/** A ResNet-like chain of `blocks` conv → relu → conv → add → relu blocks, with a pooled head: 5·blocks + 4 ops. */
export function generatedNetwork(blocks: number): string {
  const T = '!cgc.tensor<1x32x28x28x!cgc.float32>';
  const lines = [`cgc.module {`, `  cgc.entry_point @main(%x0: ${T}) -> !cgc.tensor<1x10x!cgc.float32> {`];
  for (let b = 0; b < blocks; b++) {
    lines.push(
      `    %wa${b} = cgc.constant("wa${b}") : !cgc.tensor<constant 32x32x3x3x!cgc.float32>`,
      `    %wb${b} = cgc.constant("wb${b}") : !cgc.tensor<constant 32x32x3x3x!cgc.float32>`,
      `    %a${b} = cgc_op.convolution(%x${b}, %wa${b}) {start_padding = [1, 1], end_padding = [1, 1]}`,
      `    %r${b} = cgc_op.relu(%a${b})`,
      `    %c${b} = cgc_op.convolution(%r${b}, %wb${b}) {start_padding = [1, 1], end_padding = [1, 1]}`,
      `    %s${b} = cgc_op.add(%c${b}, %x${b})`,
      `    %x${b + 1} = cgc_op.relu(%s${b})`,
    );
  }
  lines.push(
    `    %p = cgc_op.global_average_pool(%x${blocks})`,
    `    %f = cgc_op.flatten(%p)`,
    `    %fc = cgc.constant("fc") : !cgc.tensor<constant 10x32x!cgc.float32>`,
    `    %g = cgc_op.gemm(%f, %fc) {trans_b = true}`,
    `    %y = cgc_op.softmax(%g)`,
    `    cgc.return %y`, `  }`, `}`);
  return lines.join('\n');
}

function time(name: string, make: () => Operation): void {
  const ms: number[] = [];
  let ops = 0;
  for (let i = 0; i < 6; i++) {
    const m = make();
    ops = [...m.walk()].filter((o) => o.name.startsWith('cgc_op.')).length;
    const t0 = performance.now();
    compile(m, defaultTargets());
    if (i > 0) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  console.log(`${name.padEnd(40)} ${String(ops).padStart(6)} ops   median ${ms[2]!.toFixed(1).padStart(8)} ms   min ${ms[0]!.toFixed(1).padStart(8)} ms`);
}

const text = generatedNetwork(400);
time('generated (400 residual blocks)', () => parseModule(text).module!);
for (const file of process.argv.slice(2)) {
  const loaded = loadModel(file);
  if (!loaded.module) {
    console.log(`${file}: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
    continue;
  }
  const textForm = printModule(loaded.module, { form: 'generic' });
  time(file, () => parseModule(textForm).module!);
  void readFileSync;
}
