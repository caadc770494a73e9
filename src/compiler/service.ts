// The compile service behind the Web Worker (worker.ts) and usable directly: plain data in (IR text
// or bytecode, constant types, options), plain data out (Output IR, partitions, plan, decision log,
// diagnostics). Nothing with methods crosses this boundary.
import {
  type ElementType, type ShapedType, formatDiagnostic, isBytecode, parseModule, printModule, readBytecode, writeBytecode,
} from '../ir';
import { DEFAULT_GPU_PROFILE, type GpuProfile } from '../webgpu-target/limits';
import { defaultTargets } from '../webgpu-target/targets';
import { decisionLines } from './dump';
import { MemoryPlanError, type MemoryPlan } from './memory/plan';
import { DeclarationError } from './patterns/pattern';
import { compileAsync } from './pipeline';
import { CompileCancelled, CompileError, type Decision, type Granularity } from './state';

export interface CompileRequest {
  /** CGC IR text, or MLIR bytecode bytes. */
  readonly model: string | Uint8Array;
  readonly fileName?: string;
  /** Types of named constants (from the weights file) for constants written without one. */
  readonly constantTypes?: Readonly<Record<string, { shape: number[]; element: ElementType }>>;
  readonly granularity?: Granularity;
  readonly bytecode?: boolean;
  /** The device's features and limits; WebGPU's defaults when absent. */
  readonly gpu?: GpuProfile;
}

export interface CompileResponse {
  readonly ok: boolean;
  readonly diagnostics: string[];
  readonly inputText?: string;
  readonly outputText?: string;
  readonly outputBytecode?: Uint8Array;
  readonly partitions?: { name: string; target: string; dependsOn: string[]; subgraphs: { symbol: string; target: string; pattern: string; ops: string[] }[] }[];
  readonly plan?: MemoryPlan;
  readonly decisions?: Decision[];
  readonly decisionText?: string;
  readonly passTimes?: { pass: string; ms: number }[];
}

export interface CompileHooks {
  onProgress?: (pass: number, total: number, name: string) => void;
  isCancelled?: () => boolean;
}

export async function compileRequest(req: CompileRequest, hooks: CompileHooks = {}): Promise<CompileResponse> {
  const file = req.fileName ?? 'model.mlir';
  const types = req.constantTypes;
  const constantTypes = types ? (name: string): ShapedType | undefined => {
    const t = types[name];
    return t && { kind: 'tensor', shape: t.shape, element: t.element, constant: true };
  } : undefined;
  const bytes = typeof req.model === 'string' ? undefined : req.model;
  const parsed = bytes && isBytecode(bytes)
    ? readBytecode(bytes, { file })
    : parseModule(typeof req.model === 'string' ? req.model : new TextDecoder().decode(req.model), { file, ...(constantTypes ? { constantTypes } : {}) });
  const diagnostics = parsed.diagnostics.map(formatDiagnostic);
  if (!parsed.module) return { ok: false, diagnostics };
  const inputText = printModule(parsed.module);
  try {
    const s = await compileAsync(parsed.module, defaultTargets(req.gpu ?? DEFAULT_GPU_PROFILE), {
      granularity: req.granularity ?? 'coarse',
      ...(hooks.onProgress ? { onProgress: hooks.onProgress } : {}),
      ...(hooks.isCancelled ? { isCancelled: hooks.isCancelled } : {}),
    });
    return {
      ok: true, diagnostics, inputText,
      outputText: printModule(s.output!),
      ...(req.bytecode ? { outputBytecode: writeBytecode(s.output!) } : {}),
      partitions: s.partitions.map((p) => ({
        name: p.name, target: p.target, dependsOn: p.dependsOn,
        subgraphs: p.steps.map((i) => s.schedule[i]!).map((sg) => ({ symbol: sg.symbol, target: sg.target, pattern: sg.pattern, ops: sg.ops.map((o) => o.opName) })),
      })),
      plan: s.plan!,
      decisions: s.graph.ops.map((op) => s.decisions.get(op)).filter((d): d is Decision => !!d),
      decisionText: decisionLines(s).join('\n'),
      passTimes: s.passTimes,
    };
  } catch (e) {
    if (e instanceof CompileError || e instanceof DeclarationError || e instanceof MemoryPlanError || e instanceof CompileCancelled) {
      return { ok: false, diagnostics: [...diagnostics, `${file}: error: ${e.message}`], inputText };
    }
    throw e;
  }
}
