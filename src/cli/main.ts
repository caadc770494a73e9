// The `cgc` command line: subcommands over the same compiler and runtime the app uses.
import { CGC_VERSION, DEFAULT_LIMITS, LIMITS, type LimitName } from '../ir';
import { CgcError, formatCgcError, lookupTable } from '../core';
import { COMPILE_USAGE, PARTITIONS_USAGE, PLAN_USAGE, compileCommand, partitionsCommand, planCommand } from './compile';
import { BENCH_USAGE, benchCommand } from './bench';
import { BENCH_KERNELS_USAGE, benchKernelsCommand } from './bench-kernels';
import { EXPORT_USAGE, exportCommand } from './export';
import { CHECK_USAGE, checkCommand } from './check';
import { INFO_USAGE, infoCommand } from './info';
import { ONNX_TEST_USAGE, onnxTestCommand } from './onnx-test';
import { PRINT_USAGE, printCommand } from './print';
import { RUN_USAGE, runCommand } from './run';

export interface CliIO {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A command returns its exit code; `check` returns it asynchronously (onnxruntime's sessions are async). */
type Command = (argv: readonly string[], io: CliIO) => number | Promise<number>;

const COMMANDS: Record<string, { usage: string; summary: string; run: Command }> = lookupTable({
  print: { usage: PRINT_USAGE, summary: 'parse and verify CGC IR (text or bytecode); print it as pretty or generic text or MLIR bytecode', run: printCommand },
  compile: { usage: COMPILE_USAGE, summary: 'compile a model to CGC Output IR (subgraphs, partitions, scratch plan, program)', run: compileCommand },
  plan: { usage: PLAN_USAGE, summary: 'compile and print the scratch memory plan', run: planCommand },
  partitions: { usage: PARTITIONS_USAGE, summary: 'compile and print partitions, subgraphs, origins and the decision log', run: partitionsCommand },
  export: { usage: EXPORT_USAGE, summary: 'write a model (ONNX, bytecode) as CGC IR text plus a .safetensors weights file', run: exportCommand },
  run: { usage: RUN_USAGE, summary: 'compile and run a model on WebGPU (Dawn), printing outputs and timings', run: runCommand },
  'onnx-test': { usage: ONNX_TEST_USAGE, summary: 'run ONNX backend test cases (model.onnx + test_data_set_N) on the CPU reference', run: onnxTestCommand },
  check: { usage: CHECK_USAGE, summary: 'run a model on seeded random inputs through the CPU reference and onnxruntime; compare', run: checkCommand },
  bench: { usage: BENCH_USAGE, summary: 'end-to-end latency on WebGPU (Dawn), side by side with onnxruntime-web\'s WebGPU backend (--vs ort)', run: benchCommand },
  'bench-kernels': { usage: BENCH_KERNELS_USAGE, summary: 'kernel microbenchmarks on WebGPU: GEMM and model layers in TFLOP/s, bandwidth-bound kernels in GB/s', run: benchKernelsCommand },
  info: { usage: INFO_USAGE, summary: 'show a model file\'s interface, version, op counts and constants', run: infoCommand },
});

function help(): string {
  const lines = ['usage: cgc <command> [options]', '', 'commands:'];
  for (const [name, c] of Object.entries(COMMANDS)) lines.push(`  ${name.padEnd(10)} ${c.summary}`, `             ${c.usage}`);
  lines.push('', 'Resource limits (commands that read a model; passing one is an error naming it):');
  for (const [name, l] of Object.entries(LIMITS) as [LimitName, (typeof LIMITS)[LimitName]][]) {
    lines.push(`  ${`${l.flag} N`.padEnd(26)} ${l.label} (default ${+(DEFAULT_LIMITS[name] / l.scale).toFixed(3)})`);
  }
  lines.push('', `CGC dialects version ${CGC_VERSION}.`);
  return lines.join('\n');
}

/** Prints what command `cmd` threw and returns its exit code (see runCli). */
export function reportFailure(cmd: string, e: unknown, io: CliIO): number {
  if (e instanceof CgcError) {
    io.stderr(`cgc ${cmd}: ${formatCgcError(e)}`);
    return e.kind === 'usage' ? 2 : 1;
  }
  io.stderr(`cgc ${cmd}: internal error: ${(e instanceof Error && e.stack) || String(e)}`);
  return 70;
}

/**
 * Runs the CLI; returns the exit code, as a promise for commands that are asynchronous (`check`):
 * 0 ok; 1 a refusal (any CgcError: bad input, a passed limit, an unsupported op); 2 bad usage;
 * 70 anything else, which is a bug and is printed with its stack.
 */
export function runCli(argv: readonly string[], io: CliIO): number | Promise<number> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === 'help' || cmd === '--help' || cmd === '-h') {
    io.stdout(help());
    return cmd ? 0 : 2;
  }
  if (cmd === '--version') {
    io.stdout(CGC_VERSION);
    return 0;
  }
  const command = COMMANDS[cmd];
  if (!command) {
    io.stderr(`cgc: unknown command '${cmd}'\n${help()}`);
    return 2;
  }
  const failed = (e: unknown): number => reportFailure(cmd, e, io);
  try {
    const code = command.run(rest, io);
    return typeof code === 'number' ? code : code.catch(failed);
  } catch (e) {
    return failed(e);
  }
}
