// A target defined by a target file (target-file.ts, docs/targets.md): its declaration is the file's
// patterns; a specialization instantiates the pattern's WGSL template against the concrete subgraph
// and declines, with the reason, what the template cannot express; a partition's kernels are the
// instantiated templates, run by the same executable as the built-in WebGPU targets.
import {
  type IRDocument, INTERFACES, type Operation, type PartitionDescription, type Target, type TargetCapabilities, type Value as IRValue,
  byteSize, CGC_VERSION, ctxOf, numElements, typeToString,
} from '../ir';
import { SUBGRAPH_INTERFACES, readDocument, readSpecializationRequest, specializationAnswer } from '../ir/exchange';
import { SUBGRAPH } from '../ir/structural';
import { PipelineCache, executableOf, planPartitionWith } from './executable';
import type { KernelSpec } from './kernel-plan';
import { DEFAULT_GPU_PROFILE, type GpuProfile, gpuProfile } from './limits';
import { checkKernels } from './kernel-config';
import { type KernelTemplate, type SourceExpr, type TargetFile, readTargetFile } from './target-file';
import { type ExprObject, ExprError, type Value, evaluate, printValue } from './template-expr';

/** Why a template cannot be instantiated for a subgraph: the specialization's reject reason. */
export class TemplateDecline extends Error {
  override name = 'TemplateDecline';
}

/** Reads a target file (throws TargetFileError) and makes its target. */
export function loadTargetFile(text: string, fileName: string, profile: GpuProfile = DEFAULT_GPU_PROFILE): Target {
  return createFileTarget(readTargetFile(text, fileName), profile);
}

export function createFileTarget(file: TargetFile, profile: GpuProfile = DEFAULT_GPU_PROFILE): Target {
  // Each pattern's text on lines of its own, as the reader checked it (a trailing comment cannot swallow the brace).
  const declaration = `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {
${file.kernels.map((k) => `  // ${k.ops.join(' → ')}  ⇒  one kernel (${printable(file.fileName)})\n  cgc_pattern.pattern @${k.name} attributes {\n${k.pattern}\n}`).join('\n')}
}
`;
  /** The template whose ops the subgraph's are (a compiled subgraph carries no pattern name). */
  const templateFor = (def: Operation): KernelTemplate => {
    const ops = opsOf(def).map((o) => o.opName).join();
    const k = file.kernels.find((t) => t.ops.join() === ops);
    if (!k) throw new TemplateDecline(`target '${file.name}' has no template for ops [${ops}]`);
    return k;
  };
  // A template's kernel is from elsewhere, like a program's: checked against the device it will run on.
  const kernelsFor = (device: GpuProfile) => (def: Operation, symbol: string): KernelSpec[] => {
    const kernels = [instantiate(templateFor(def), def, symbol, file, profile)];
    checkKernels(kernels, device);
    return kernels;
  };
  const kernelsOf = kernelsFor(profile);
  return {
    name: file.name,
    capabilities: (): TargetCapabilities => ({
      name: file.name, tier: 1, interfaces: [INTERFACES.CGC_INPUT, INTERFACES.CGC_OUTPUT, ...SUBGRAPH_INTERFACES],
      features: [], limits: { ...profile.limits },
    }),
    exchange(request: IRDocument): IRDocument {
      if (request.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST) return { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: declaration };
      const { definition, pattern } = readSpecializationRequest(request);
      const template = file.kernels.find((k) => k.name === pattern);
      if (!template) return specializationAnswer(false, `target '${file.name}' declares no pattern @${pattern}`);
      try {
        instantiate(template, definition, 'subgraph', file, profile);
        return specializationAnswer(true);
      } catch (e) {
        if (e instanceof TemplateDecline) return specializationAnswer(false, e.message);
        throw e;
      }
    },
    describe(partition, name): PartitionDescription {
      const isolated = readDocument(partition, `partition @${name}`);
      try {
        const planned = planPartitionWith(isolated, name, kernelsOf);
        return { where: 'gpu', kernels: planned.map((p) => ({ name: p.kernel.name, subgraph: p.subgraph, wgsl: p.kernel.wgsl, workgroups: p.kernel.workgroups })) };
      } catch (e) {
        // Specialized for another device's limits, say: the partition is listed with the reason, not lost.
        if (!(e instanceof TemplateDecline)) throw e;
        const symbols = isolated.body().operations.filter((o) => o.name === SUBGRAPH && o.symbolName).map((o) => o.symbolName!);
        return { where: 'gpu', kernels: [], notes: Object.fromEntries(symbols.map((sym) => [sym, `no kernels for this device: ${e.message}`])) };
      }
    },
    open(device, options = {}) {
      const cache = PipelineCache.of(device, options.pipelines);
      return {
        compilePartition: (partition, name) => executableOf(device, planPartitionWith(readDocument(partition, `partition @${name}`), name, kernelsFor(gpuProfile(device))), name, cache, options.tiers),
      };
    },
  };
}

/** A file name as it may appear in a comment: printable ASCII only (a newline would end the comment). */
const printable = (name: string) => name.replace(/[^\x20-\x7e]/g, '?');

const opsOf = (def: Operation) => def.body().operations.filter((o) => o.name.startsWith('cgc_op.'));

/**
 * The template filled in for the functional definition `def`: one kernel reading the bindings of
 * `reads` and writing the result. Throws TemplateDecline with the reason when the subgraph is not
 * what the template computes or a placeholder has no value for it.
 */
export function instantiate(t: KernelTemplate, def: Operation, symbol: string, file: TargetFile, profile: GpuProfile): KernelSpec {
  const decline = (why: string): never => { throw new TemplateDecline(`@${t.name} (${file.name}): ${why}`); };
  const ops = opsOf(def);
  if (ops.map((o) => o.opName).join() !== t.ops.join()) decline(`the template computes [${t.ops.join(', ')}]; the subgraph is [${ops.map((o) => o.opName).join(', ')}]`);
  const args = def.body().arguments;
  const results = def.body().operations.at(-1)!.operands;
  if (results.length !== 1) decline(`the template writes one result; the subgraph has ${results.length}`);
  const maxBinding = profile.limits.maxStorageBufferBindingSize ?? DEFAULT_GPU_PROFILE.limits.maxStorageBufferBindingSize!;
  for (const v of [...args, ...ops.flatMap((o) => o.results)]) {
    if (v.type.element !== 'float32') decline(`templates compute float32 only; ${typeToString(v.type)} is not`);
    if (byteSize(v.type) > maxBinding) decline(`${typeToString(v.type)} is ${byteSize(v.type)} bytes, past maxStorageBufferBindingSize (${maxBinding})`);
  }
  const read = new Set<number>();
  /** The IR value behind each tensor object an expression made. */
  const tensors = new WeakMap<ExprObject, IRValue>();
  const tensor = (v: IRValue, what: string): ExprObject => {
    const o: ExprObject = {
      what,
      member: (m) => (m === 'shape' ? v.type.shape : m === 'rank' ? v.type.shape.length : m === 'size' ? numElements(v.type.shape) : undefined),
      print: () => {
        const arg = args.indexOf(v as never);
        if (v === results[0]) return 'out';
        if (arg < 0) throw new ExprError(`${what} is computed inside the subgraph: it has no binding`);
        if (!read.has(arg)) throw new ExprError(`${what} (in${arg}) is not among reads`);
        return `in${arg}`;
      },
    };
    tensors.set(o, v);
    return o;
  };
  const opObject = (op: Operation, k: number): ExprObject => ({
    what: `op${k} (cgc_op.${op.opName})`,
    member: (m) => {
      const operand = /^in(\d+)$/.exec(m);
      if (operand) return Number(operand[1]) < op.operands.length ? tensor(op.operands[Number(operand[1])]!, `op${k}.${m}`) : undefined;
      if (m === 'out') return tensor(op.results[0]!, `op${k}.out`);
      // The one operand from outside the subgraph, whichever its position (commutative ops match either order).
      if (m === 'side') {
        const outside = op.operands.filter((v) => args.includes(v as never));
        return outside.length === 1 ? tensor(outside[0]!, `op${k}.side`) : undefined;
      }
      const ctx = ctxOf(op);
      const spec = ctx.def.attributes && Object.hasOwn(ctx.def.attributes, m) ? ctx.def.attributes[m] : undefined;
      if (!spec || !ctx.has(m)) return undefined;
      switch (spec.kind) {
        case 'int': return ctx.int(m);
        case 'float': return ctx.float(m);
        case 'bool': return Number(ctx.bool(m));
        case 'ints': return ctx.ints(m);
        case 'floats': return ctx.floats(m);
        default: return undefined;
      }
    },
  });
  const lets = new Map<string, Value>();
  const names = (n: string): Value | undefined => {
    if (lets.has(n)) return lets.get(n);
    if (n === 'out') return tensor(results[0]!, 'out');
    const m = /^(in|op)(\d+)$/.exec(n);
    if (m?.[1] === 'in') return Number(m[2]) < args.length ? tensor(args[Number(m[2])]!, n) : undefined;
    if (m?.[1] === 'op') return Number(m[2]) < ops.length ? opObject(ops[Number(m[2])]!, Number(m[2])) : undefined;
    return n === 'workgroup_size' ? { what: 'workgroup_size', member: () => undefined, print: () => t.workgroupSize.join(', ') } : undefined;
  };
  const value = (e: SourceExpr, where: string): Value => {
    try {
      return evaluate(e.expr, names);
    } catch (err) {
      if (err instanceof ExprError) return decline(`${where} '${e.text}': ${err.message}`);
      throw err;
    }
  };
  for (const l of t.lets) lets.set(l.name, value(l.value, `let ${l.name}`));
  for (const r of t.requires) {
    const holds = value(r, 'requires');
    if (typeof holds !== 'number') decline(`requires '${r.text}' is not a number (a comparison gives 1 or 0)`);
    if (holds === 0) decline(`requires '${r.text}', which does not hold here`);
  }
  for (const r of t.reads) {
    const v = value(r, 'reads');
    const tensorValue = typeof v === 'object' && !Array.isArray(v) ? tensors.get(v as ExprObject) : undefined;
    const arg = tensorValue ? args.indexOf(tensorValue as never) : -1;
    if (arg < 0) decline(`reads '${r.text}' is not an argument of the subgraph`);
    read.add(arg);
  }
  const unread = args.findIndex((_, i) => !read.has(i));
  if (unread >= 0) decline(`argument #${unread} (${typeToString(args[unread]!.type)}) is not among reads: the kernel would ignore it`);
  const maxBuffers = profile.limits.maxStorageBuffersPerShaderStage ?? 8;
  if (read.size + 1 > maxBuffers) decline(`the kernel binds ${read.size + 1} buffers, past maxStorageBuffersPerShaderStage (${maxBuffers})`);
  const maxGroups = profile.limits.maxComputeWorkgroupsPerDimension ?? 65_535;
  const workgroups = t.dispatch.map((d, i) => {
    const n = value(d, `dispatch[${i}]`);
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > maxGroups) decline(`dispatch[${i}] '${d.text}' is ${typeof n === 'number' ? n : 'not a number'}; it must be an integer from 1 to maxComputeWorkgroupsPerDimension (${maxGroups})`);
    return n as number;
  }) as [number, number, number];
  const body = t.template.map((p) => {
    if (typeof p === 'string') return p;
    try {
      return printValue(value(p, 'placeholder'));
    } catch (err) {
      if (err instanceof ExprError) return decline(`placeholder {{${p.text}}}: ${err.message}`);
      throw err;
    }
  }).join('');
  const bindings = [...read].sort((a, b) => a - b);
  // Every binding read_write: the executable's bind group layouts hold storage buffers of one kind.
  const header = [
    `// ${printable(file.fileName)}: target '${file.name}', pattern @${t.name}`,
    ...bindings.map((i) => `@group(0) @binding(${i}) var<storage, read_write> in${i}: array<f32>;`),
    `@group(0) @binding(${args.length}) var<storage, read_write> out: array<f32>;`,
  ];
  return { name: `${symbol}.0`, wgsl: `${header.join('\n')}\n\n${body}\n`, workgroups, inputs: args.length, output: args.length, bindings: [...bindings, args.length] };
}
