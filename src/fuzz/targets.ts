// One fuzz target per reader of untrusted bytes. Each states its contract: the documented way the
// reader refuses input (an error type with a message, or diagnostics), and what an accepted input
// must satisfy (it round-trips through the matching writer). Anything else a target's `run` throws
// — a TypeError, a RangeError, a stack overflow, a broken round trip — is a crash.
import { inflateRawSync, deflateRawSync } from 'node:zlib';
import { formatDiagnostic, operationsEqual, parseModule, printModule, readBytecode, verifyModule, writeBytecode } from '../ir';
import { OnnxImportError, importOnnx, readTensorProto } from '../compiler/import/onnx';
import { SafetensorsError, readSafetensors, writeSafetensors } from '../ir/safetensors';
import { parseShareHash } from '../ui/share';
import { ShareSourceError, unpackSource } from '../ui/share-source';
import { DeclarationError, readDeclaration } from '../compiler/patterns/pattern';
import { compile } from '../compiler/pipeline';
import { CompileError } from '../compiler/state';
import { INTERFACES } from '../ir';
import { defaultTargets } from '../engine/targets';
import { evaluateOp } from '../reference';
import { createFileTarget } from '../webgpu-target/file-target';
import { TargetFileError, readTargetFile } from '../webgpu-target/target-file';
import { bytecodeSeeds, irTextSeeds, specConstantTypes, onnxSeeds, programSeeds, safetensorsSeeds, shareLinkSeeds, targetFileSeeds, tensorProtoSeeds } from './corpus';
import { CgcError } from '../core';
import { isolatePartition, targetNamed as targetOf } from '../ir';
import { documentOf } from '../ir/exchange';
import { PARTITION } from '../ir/structural';
import { ProgramError, readProgram } from '../engine/program';
import { type Rng, mutateBytes } from './mutate-bytes';
import { mutateBytecode, mutateSafetensors, mutateText } from './mutate-formats';
import { mutateProtobuf } from './mutate-protobuf';
import { compileTargetState } from './compile/target';

export type Outcome = 'accepted' | 'rejected';

/** An input broke a target's contract without throwing (a bad round trip, a rejection without a message). */
export class ContractBroken extends Error {
  override name = 'ContractBroken';
}

export interface FuzzTarget {
  readonly name: string;
  /** File extension of its findings. */
  readonly ext: string;
  /** The documented refusal and the accepted-input check, in words (for reports and docs). */
  readonly contract: string;
  seeds(): Uint8Array[];
  mutate(input: Uint8Array, r: Rng, seeds: readonly Uint8Array[]): Uint8Array;
  /** A target that makes each input from nothing (a random model) instead of mutating seeds. */
  generate?(r: Rng): Uint8Array;
  run(input: Uint8Array): Outcome | Promise<Outcome>;
  /** Runs on WebGPU (Dawn): its tests are GPU tests. */
  readonly gpu?: boolean;
  /** Its own per-input time limit, where its inputs take longer than DEFAULT_HANG_MS. */
  readonly hangMs?: number;
  /** Counters this worker's runs kept (summed over workers in the report): what was made, run, refused and why. */
  stats?(): Readonly<Record<string, number>>;
}

const enc = new TextEncoder();
const dec = new TextDecoder();

function check(ok: boolean, message: () => string): void {
  if (!ok) throw new ContractBroken(message());
}

/** Rejected by the documented error class, with a message; anything else is rethrown as a crash. */
function refusedBy(e: unknown, errorClass: abstract new (...args: never[]) => Error): Outcome {
  if (!(e instanceof errorClass)) throw e;
  check(e.message.trim().length > 0, () => `${e.name} without a message`);
  return 'rejected';
}

/** An accepted text module prints in both forms, and each form re-parses to the same printed text. */
function checkTextRoundTrip(text: string, options: Parameters<typeof parseModule>[1]): Outcome {
  const r = parseModule(text, options);
  if (!r.module) {
    check(r.diagnostics.length > 0, () => 'rejected without a diagnostic');
    for (const d of r.diagnostics) check(!!d.loc && d.message.length > 0, () => `diagnostic without a position: ${d.message}`);
    return 'rejected';
  }
  for (const form of ['pretty', 'generic'] as const) {
    const printed = printModule(r.module, { form });
    const again = parseModule(printed);
    check(!!again.module, () => `${form} output does not re-parse: ${again.diagnostics.map(formatDiagnostic).join('; ')}`);
    check(printModule(again.module!, { form }) === printed, () => `${form} print is not a fixed point`);
  }
  return 'accepted';
}

const decodedSeeds = new WeakMap<readonly Uint8Array[], string[]>();
/** The seeds as text, decoded once per corpus (splices take from them). */
function seedTexts(seeds: readonly Uint8Array[]): string[] {
  let texts = decodedSeeds.get(seeds);
  if (!texts) decodedSeeds.set(seeds, (texts = seeds.map((s) => dec.decode(s))));
  return texts;
}

/** Seeds that leave constants untyped take the spec example's weights' types (loaded once). */
let constantTypes: ReturnType<typeof specConstantTypes> | undefined;

const irText: FuzzTarget = {
  name: 'ir-text',
  ext: 'mlir',
  contract: 'parseModule returns diagnostics with file:line:col; an accepted module prints (pretty, generic) to a fixed point',
  seeds: () => irTextSeeds().map((s) => enc.encode(s.text)),
  mutate: (input, r, seeds) => enc.encode(mutateText(dec.decode(input), r, seedTexts(seeds))),
  run: (input) => checkTextRoundTrip(dec.decode(input), { file: 'fuzz.mlir', constantTypes: (constantTypes ??= specConstantTypes()) }),
};

const bytecode: FuzzTarget = {
  name: 'bytecode',
  ext: 'mlirbc',
  contract: 'readBytecode returns diagnostics with a byte offset or position; an accepted module writes and reads back equal',
  seeds: bytecodeSeeds,
  mutate: (input, r, seeds) => (r() < 0.6 ? mutateBytecode(input, r, seeds) : mutateBytes(input, r, seeds)),
  run: (input) => {
    const r = readBytecode(input, { file: 'fuzz.mlirbc' });
    if (!r.module) {
      check(r.diagnostics.length > 0, () => 'rejected without a diagnostic');
      for (const d of r.diagnostics) check(!!(d.loc || d.byteLoc) && d.message.length > 0, () => `diagnostic without a position: ${d.message}`);
      return 'rejected';
    }
    const again = readBytecode(writeBytecode(r.module, { resources: r.resources }));
    check(!!again.module && operationsEqual(again.module, r.module), () => 'module does not survive writeBytecode → readBytecode');
    return 'accepted';
  },
};

const onnx: FuzzTarget = {
  name: 'onnx',
  ext: 'onnx',
  contract: 'importOnnx throws OnnxImportError with a message; an imported module verifies',
  seeds: onnxSeeds,
  mutate: (input, r, seeds) => (r() < 0.7 ? mutateProtobuf(input, r, seeds) : mutateBytes(input, r, seeds)),
  run: (input) => {
    let module;
    try {
      module = importOnnx(input, { fileName: 'fuzz.onnx', evaluate: evaluateOp }).module;
    } catch (e) {
      return refusedBy(e, OnnxImportError);
    }
    const problems = verifyModule(module).filter((d) => d.severity === 'error');
    check(!problems.length, () => `imported module does not verify: ${problems.map(formatDiagnostic).join('; ')}`);
    return 'accepted';
  },
};

const tensorProto: FuzzTarget = {
  name: 'tensor-proto',
  ext: 'pb',
  contract: 'readTensorProto throws OnnxImportError with a message; an accepted tensor holds exactly its shape\'s elements',
  seeds: tensorProtoSeeds,
  mutate: (input, r, seeds) => (r() < 0.7 ? mutateProtobuf(input, r, seeds) : mutateBytes(input, r, seeds)),
  run: (input) => {
    let t;
    try {
      t = readTensorProto(input);
    } catch (e) {
      return refusedBy(e, OnnxImportError);
    }
    check(t.data.length === t.type.shape.reduce((a, b) => a * b, 1), () => `${t.data.length} elements for shape [${t.type.shape.join(', ')}]`);
    return 'accepted';
  },
};

const safetensors: FuzzTarget = {
  name: 'safetensors',
  ext: 'safetensors',
  contract: 'readSafetensors throws SafetensorsError with a message; an accepted file writes and reads back the same tensors',
  seeds: safetensorsSeeds,
  mutate: (input, r, seeds) => (r() < 0.7 ? mutateSafetensors(input, r, seeds) : mutateBytes(input, r, seeds)),
  run: (input) => {
    let file;
    try {
      file = readSafetensors(input);
    } catch (e) {
      return refusedBy(e, SafetensorsError);
    }
    let again;
    try {
      again = readSafetensors(writeSafetensors(file.tensors.values(), file.metadata));
    } catch (e) {
      // The writer refuses a tensor named "__metadata__"; the reader treats that key as metadata, so none can arrive.
      throw new ContractBroken(`accepted file does not write back: ${(e as Error).message}`);
    }
    for (const [name, t] of file.tensors) {
      const u = again.tensors.get(name);
      check(!!u && u.data.length === t.data.length && u.data.every((b, i) => b === t.data[i]), () => `tensor "${name}" does not round-trip`);
    }
    return 'accepted';
  },
};

const DEMOS = new Set(['spec-7layer.mlir', 'tiny-cnn.onnx']);

/** A link's hash, a `src` payload's compressed bytes, or the IR inside it, mutated. */
function mutateShareLink(input: Uint8Array, r: Rng, seeds: readonly Uint8Array[]): Uint8Array {
  const hash = dec.decode(input);
  const src = /(?:^#|&)src=([A-Za-z0-9_-]*)/.exec(hash);
  const choice = r();
  if (!src || choice < 0.4) return mutateBytes(input, r, seeds);
  const packed = Buffer.from(src[1]!, 'base64url');
  let payload: Uint8Array;
  if (choice < 0.7) {
    payload = mutateBytes(packed, r, []);
  } else {
    let text: string;
    try {
      text = inflateRawSync(packed).toString('utf8');
    } catch {
      return mutateBytes(input, r, seeds);
    }
    payload = deflateRawSync(mutateText(text, r, []));
  }
  return enc.encode(hash.replace(src[1]!, () => Buffer.from(payload).toString('base64url')));
}

const shareLink: FuzzTarget = {
  name: 'share-link',
  ext: 'txt',
  contract: 'parseShareHash answers {ok: false, error}; unpackSource throws ShareSourceError; the IR inside gets diagnostics — all with messages',
  seeds: () => shareLinkSeeds().map((s) => enc.encode(s)),
  mutate: mutateShareLink,
  run: async (input) => {
    const parsed = parseShareHash(dec.decode(input), DEMOS);
    if (!parsed.ok) {
      check(parsed.error.length > 0, () => 'refused without an error message');
      return 'rejected';
    }
    if (!parsed.state.src) return 'accepted';
    let text: string;
    try {
      text = await unpackSource(parsed.state.src);
    } catch (e) {
      return refusedBy(e, ShareSourceError);
    }
    return checkTextRoundTrip(text, { file: 'link.mlir' });
  },
};

/** The model an accepted target file compiles (its templates instantiated against conv → relu → add and an upsample). */
const SPEC_MODEL = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_INPUT}", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%in: !cgc.tensor<1x2x4x4x!cgc.float32>, %w: !cgc.tensor<2x2x3x3x!cgc.float32>, %b: !cgc.tensor<2x!cgc.float32>) -> !cgc.tensor<1x2x8x8x!cgc.float32> {
    %c = cgc_op.convolution(%in, %w, %b) {start_padding = [1, 1], end_padding = [1, 1]}
    %r = cgc_op.relu(%c)
    %a = cgc_op.add(%r, %in)
    %u = cgc_op.upsample(%a)
    cgc.return %u
  }
}`;

const targetFile: FuzzTarget = {
  name: 'target-file',
  ext: 'json',
  contract: 'readTargetFile throws TargetFileError with a message; an accepted file\'s target declares patterns the compiler reads (or refuses with DeclarationError) and compiles a model (or the compile fails with CompileError)',
  seeds: () => targetFileSeeds().map((s) => enc.encode(s)),
  mutate: (input, r, seeds) => (r() < 0.7 ? enc.encode(mutateText(dec.decode(input), r, seedTexts(seeds))) : mutateBytes(input, r, seeds)),
  run: (input) => {
    let file;
    try {
      file = readTargetFile(dec.decode(input), 'fuzz.json');
    } catch (e) {
      return refusedBy(e, TargetFileError);
    }
    const target = createFileTarget(file);
    try {
      readDeclaration(target.exchange({ interface: INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST, text: '' }), target.name);
      compile(parseModule(SPEC_MODEL).module!, [target, ...defaultTargets()]);
    } catch (e) {
      if (e instanceof DeclarationError || e instanceof CompileError) return refusedBy(e, Error);
      throw e;
    }
    return 'accepted';
  },
};

const program: FuzzTarget = {
  name: 'program',
  ext: 'mlirbc',
  contract: 'readProgram throws ProgramError with a message; an accepted program\'s every partition isolates and its target describes '
    + 'its kernels, each recorded kernel checked against the profile (size, bindings, workgroups) before any device sees it, '
    + 'or refuses with a CgcError',
  seeds: programSeeds,
  mutate: (input, r, seeds) => (r() < 0.6 ? mutateBytecode(input, r, seeds) : mutateBytes(input, r, seeds)),
  run: (input) => {
    let file;
    try {
      file = readProgram(input, 'fuzz.mlirbc');
    } catch (e) {
      return refusedBy(e, ProgramError);
    }
    try {
      const targets = defaultTargets(file.profile);
      for (const p of file.output.body().operations.filter((o) => o.name === PARTITION && o.symbolName)) {
        const isolated = isolatePartition(file.output, p.symbolName!);
        const origin = isolated.body().operations.map((o) => o.attr('origin')).find((a) => a?.kind === 'string') as { value: string } | undefined;
        if (origin) targetOf(targets, origin.value, `partition @${p.symbolName!}`).describe(documentOf(INTERFACES.CGC_SUBGRAPH_PARTITION, isolated), p.symbolName!);
      }
    } catch (e) {
      return refusedBy(e, CgcError);
    }
    return 'accepted';
  },
};

/** Made in the worker that runs it: the WebGPU device and the counters are that worker's. */
const compileState = compileTargetState();

const compileModels: FuzzTarget = {
  name: 'compile',
  ext: 'mlir',
  contract: 'a random valid model runs on WebGPU (compiled with the default targets) and on the CPU reference with outputs '
    + 'within the tolerance of their element type (integers exactly); refusals are CgcErrors from the reference, limits, int64 past int32',
  seeds: () => [],
  mutate: (input) => input,
  generate: (r) => compileState.generate(r),
  run: (input) => compileState.run(input),
  gpu: true,
  hangMs: 30_000,
  stats: () => Object.fromEntries(compileState.counts),
};

export const TARGETS: readonly FuzzTarget[] = [irText, bytecode, onnx, tensorProto, safetensors, shareLink, targetFile, program, compileModels];

export function targetNamed(name: string): FuzzTarget {
  const t = TARGETS.find((x) => x.name === name);
  if (!t) throw new Error(`unknown fuzz target '${name}' (targets: ${TARGETS.map((x) => x.name).join(', ')})`);
  return t;
}
