// Where a run's host time and a load's time go, on the GPU machine.
//   probe cold sync|async MODEL   one cold session: compile, load (pipelines + upload), first run
//   probe rw [zeros]              vec4 add/copy bandwidth by input access mode and workgroup size
//   probe upload MODEL            a model's constants uploaded three ways
//   probe integer                 integer products (u8 · i8, zero points) on this device against the CPU reference, and their kernel times
//   probe bindings                host time per dispatch (record, finish, submit) by the number of buffers bound
//   probe pipelines MODEL [uniforms]  each distinct pipeline created alone (sync), slowest first; then all at once (async)
//   probe MODEL…                  per run: host time to encode and submit, the wait, GPU time, WebGPU calls
import { readFileSync } from 'node:fs';
import { type Operation, byteSize, parseModule } from '../../src/ir';
import { ATTR, FUNCTIONAL_DEFINITION, SUBGRAPH } from '../../src/ir/structural';
import { planKernels } from '../../src/webgpu-target/kernel-plan';
import { type KernelSpec, deviceCode } from '../../src/webgpu-target/kernel-spec';
import { kernelsFromAttr } from '../../src/webgpu-target/kernel-config';
import { pipelineKey } from '../../src/webgpu-target/partition-executable';
import { compile } from '../../src/compiler/pipeline';
import { randomTensor } from '../../src/reference/random';
import { loadProgram } from '../../src/runtime/runtime';
import { defaultTargets } from '../../src/engine/targets';
import { gpuProfile } from '../../src/webgpu-target/limits';
import { BENCH_DAWN_FLAGS, openCliDevice, useDawn } from '../../src/cli/gpu';
import { loadModel } from '../../src/cli/load';
import { onnxGraphIo } from '../../src/compiler/import/onnx';
import { batchShapes } from '../../src/cli/bench';
import { timedPasses } from '../../src/cli/bench-kernels';

const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const [mode, ...rest] = process.argv.slice(2);

await useDawn(() => {}, BENCH_DAWN_FLAGS);
const t00 = performance.now();
const { device } = await openCliDevice(() => {});
const deviceMs = performance.now() - t00;

const load = (file: string) => {
  const bytes = new Uint8Array(readFileSync(file));
  return loadModel(file, { shapes: batchShapes(onnxGraphIo(bytes), 1, file) });
};

if (mode === 'cold') {
  const [creation, file] = rest as ['sync' | 'async', string];
  const t0 = performance.now();
  const loaded = load(file);
  const t1 = performance.now();
  const state = compile(loaded.module!, defaultTargets());
  const t2 = performance.now();
  // Where the load goes: shader modules (parsed and translated on this thread), pipeline creation
  // (the last one settling), and constant uploads.
  const spent = { modules: 0, nModules: 0, pipelinesDone: 0, nPipelines: 0, writes: 0, writeBytes: 0 };
  const dev = device as unknown as Record<string, (...a: unknown[]) => unknown>;
  const createModule = dev.createShaderModule!.bind(device);
  dev.createShaderModule = (...a: unknown[]) => { const t = performance.now(); const r = createModule(...a); spent.modules += performance.now() - t; spent.nModules++; return r; };
  const createAsync = dev.createComputePipelineAsync!.bind(device);
  dev.createComputePipelineAsync = (...a: unknown[]) => { spent.nPipelines++; return (createAsync(...a) as Promise<unknown>).then((r) => { spent.pipelinesDone = performance.now() - t2; return r; }); };
  const write = device.queue.writeBuffer.bind(device.queue);
  (device.queue as unknown as Record<string, unknown>).writeBuffer = (...a: Parameters<GPUQueue['writeBuffer']>) => { const t = performance.now(); write(...a); spent.writes += performance.now() - t; spent.writeBytes += (a[2] as ArrayBufferView).byteLength ?? 0; };
  const prog = await loadProgram(device, state.output!, (n) => loaded.weights?.get(n)?.data, { pipelines: creation });
  const t3 = performance.now();
  const inputs = prog.inputTypes.map((t, i) => randomTensor(t, 1 + i));
  await prog.run(inputs);
  const t4 = performance.now();
  console.log(`${file.split('/').pop()} cold (${creation}): device ${deviceMs.toFixed(0)} ms, import ${(t1 - t0).toFixed(0)}, compile ${(t2 - t1).toFixed(0)}, load ${(t3 - t2).toFixed(0)}, first run ${(t4 - t3).toFixed(1)}; compile+load+first run ${(t4 - t1).toFixed(0)} ms`);
  console.log(`  load: ${spent.nModules} shader modules ${spent.modules.toFixed(0)} ms on this thread; ${spent.nPipelines} async pipelines, the last settled at ${spent.pipelinesDone.toFixed(0)} ms; writeBuffer ${(spent.writeBytes / 1e6).toFixed(0)} MB in ${spent.writes.toFixed(0)} ms`);
} else if (mode === 'pipelines') {
  // What a cold load's pipeline creation is made of: each distinct kernel's pipeline created alone,
  // one after another (run it with an empty driver shader cache), then the same set again on a fresh
  // device all at once, as a load creates them.
  const [file, uniforms] = rest as [string, string | undefined];
  const loaded = load(file);
  const state = compile(loaded.module!, defaultTargets(gpuProfile(device), uniforms === 'uniforms' ? { sizeUniforms: true } : {}));
  const kernels = new Map<string, KernelSpec>();
  for (const op of state.output!.walk()) {
    if (op.name !== SUBGRAPH || !op.attr(ATTR.configuration)) continue;
    for (const k of kernelsFromAttr(op.attr(ATTR.configuration)!, op.symbolName ?? '')) kernels.set(pipelineKey(k), k);
  }
  const layoutOf = (d: GPUDevice, k: KernelSpec) => d.createPipelineLayout({ bindGroupLayouts: [d.createBindGroupLayout({ entries: [
    ...k.bindings.map((binding) => ({ binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' as const } })),
    ...(k.params ? [{ binding: k.paramsBinding!, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform' as const } }] : []),
  ] })] });
  const times: { name: string; ms: number; chars: number; lines: number }[] = [];
  const a0 = performance.now();
  for (const k of kernels.values()) {
    const code = deviceCode(k.wgsl);
    const t = performance.now();
    device.createComputePipeline({ layout: layoutOf(device, k), compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
    times.push({ name: k.name, ms: performance.now() - t, chars: code.length, lines: code.split('\n').length });
  }
  const alone = performance.now() - a0;
  times.sort((a, b) => b.ms - a.ms);
  console.log(`${file.split('/').pop()} (${uniforms === 'uniforms' ? 'sizes as uniforms' : 'literal sizes'}): ${kernels.size} distinct pipelines, ${alone.toFixed(0)} ms one after another`);
  for (const t of times.slice(0, 12)) console.log(`  ${t.ms.toFixed(1).padStart(7)} ms  ${String(t.lines).padStart(4)} lines ${String(t.chars).padStart(6)} chars  ${t.name}`);
  console.log(`  the rest: ${times.slice(12).reduce((n, t) => n + t.ms, 0).toFixed(0)} ms for ${Math.max(0, times.length - 12)}`);
} else if (mode === 'integer') {
  // Each product compiled against this device, run once and compared exactly with the CPU
  // reference; then its kernel timed alone.
  const shapes: [number, number, number, boolean][] = [[197, 768, 768, true], [197, 768, 2304, true], [197, 3072, 768, true], [70, 100, 36, false], [1024, 1024, 1024, false], [4096, 4096, 4096, false]];
  const { runEntryPoint } = await import('../../src/reference');
  const { gpuProfile } = await import('../../src/webgpu-target/limits');
  for (const [m, k, n, zeroB] of shapes) {
    const t = (d: string) => `!cgc.tensor<${d}>`;
    const text = `cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%a: ${t(`${m}x${k}x!cgc.uint8`)}, %b: ${t(`${k}x${n}x!cgc.int8`)}, %za: ${t('!cgc.int32')}, %zb: ${t(`${n}x!cgc.int32`)}) -> ${t(`${m}x${n}x!cgc.int32`)} {
    %0 = cgc_op.cast(%a) {to = !cgc.int32} : (${t(`${m}x${k}x!cgc.uint8`)}) -> ${t(`${m}x${k}x!cgc.int32`)}
    %1 = cgc_op.sub(%0, %za) : (${t(`${m}x${k}x!cgc.int32`)}, ${t('!cgc.int32')}) -> ${t(`${m}x${k}x!cgc.int32`)}
    %2 = cgc_op.cast(%b) {to = !cgc.int32} : (${t(`${k}x${n}x!cgc.int8`)}) -> ${t(`${k}x${n}x!cgc.int32`)}
    ${zeroB ? `%3 = cgc_op.sub(%2, %zb) : (${t(`${k}x${n}x!cgc.int32`)}, ${t(`${n}x!cgc.int32`)}) -> ${t(`${k}x${n}x!cgc.int32`)}` : `%3 = cgc_op.add(%2, %2) : (${t(`${k}x${n}x!cgc.int32`)}, ${t(`${k}x${n}x!cgc.int32`)}) -> ${t(`${k}x${n}x!cgc.int32`)}`}
    %4 = cgc_op.matmul(%1, ${zeroB ? '%3' : '%2'}) : (${t(`${m}x${k}x!cgc.int32`)}, ${t(`${k}x${n}x!cgc.int32`)}) -> ${t(`${m}x${n}x!cgc.int32`)}
    cgc.return %4 : ${t(`${m}x${n}x!cgc.int32`)}
  }
}
`;
    const module = parseModule(text).module!;
    const state = compile(module, defaultTargets(gpuProfile(device)));
    const prog = await loadProgram(device, state.output!, () => undefined);
    const inputs = prog.inputTypes.map((ty, i) => randomTensor(ty, 7 + i));
    // Zero points as a quantizer writes them: in the operands' ranges.
    (inputs[2]!.data as Int32Array)[0] = 131;
    (inputs[3]!.data as Int32Array).forEach((_, i, a) => { a[i] = (i % 7) - 3; });
    const got = (await prog.run(inputs)).outputs[0]!;
    let bad = -1;
    if (m * n * k <= 1e9) {
      const want = runEntryPoint(module, inputs, () => undefined)[0]!;
      bad = 0;
      for (let i = 0; i < want.data.length; i++) if (want.data[i] !== got.data[i]) bad++;
    }
    const defs: Operation[] = [];
    const walk = (op: Operation) => { for (const r of op.regions) for (const blk of r.blocks) for (const o of blk.operations) { if (o.name === FUNCTIONAL_DEFINITION) defs.push(o); walk(o); } };
    walk(state.output!);
    // The product's kernels (with split K, the slices' and the one summing them), timed together.
    const kernels = defs.flatMap((d) => planKernels(d, 'p', gpuProfile(device)));
    let line = `${m}×${k}×${n} ${zeroB ? 'zb' : 'no zb'}: mismatches ${bad < 0 ? 'not checked' : bad}`;
    // Buffers as the subgraph's arguments lie (its own order), then its result.
    const sizes = [...defs[0]!.body().arguments.map((a) => byteSize(a.type)), 4 * m * n];
    const bufs = sizes.map((size) => device.createBuffer({ size: Math.ceil(size / 16) * 16, usage: GPUBufferUsage.STORAGE }));
    const workspace = Math.max(0, ...kernels.map((kk) => kk.workspace ?? 0));
    if (workspace) bufs.push(device.createBuffer({ size: workspace, usage: GPUBufferUsage.STORAGE }));
    const steps = kernels.map((kk) => {
      const entries = [...Array.from({ length: kk.inputs }, (_, b) => b), kk.output, ...(kk.workspace ? [kk.output + 1] : [])];
      const layout = device.createBindGroupLayout({ entries: entries.map((b) => ({ binding: b, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' as GPUBufferBindingType } })) });
      const pipeline = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module: device.createShaderModule({ code: kk.wgsl }), entryPoint: 'main' } });
      const group = device.createBindGroup({ layout, entries: entries.map((b) => ({ binding: b, resource: { buffer: bufs[b]! } })) });
      return { pipeline, group, workgroups: kk.workgroups };
    });
    const ms = med((await timedPasses(device, 20, (pass) => {
      for (let j = 0; j < 10; j++) for (const st of steps) { pass.setPipeline(st.pipeline); pass.setBindGroup(0, st.group); pass.dispatchWorkgroups(...st.workgroups); }
    })).slice(5).map((x) => x / 10));
    line += `; ${kernels.length} kernel(s) ${kernels.map((kk) => kk.workgroups.join('×')).join(' + ')}: ${ms.toFixed(4)} ms, ${(2 * m * n * k / ms / 1e9).toFixed(1)} TOPS`;
    console.log(line);
    prog.destroy();
  }
} else if (mode === 'rw') {
  // Bandwidth of a vec4 add over 16M f32 by how its inputs are declared (read_write as the kernels
  // bind them, or read) and by workgroup size.
  const n = 16 * 1024 * 1024;
  // Filled with random values: buffers never written read as zeros, which the GPU may move compressed.
  const bufs = [0, 1, 2].map(() => device.createBuffer({ size: n * 4, usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST }));
  const noise = new Float32Array(n);
  for (let i = 0; i < n; i++) noise[i] = Math.random();
  if (rest[0] !== 'zeros') for (const b of bufs) device.queue.writeBuffer(b, 0, noise);
  /** ms per dispatch: 30 passes of 20 back-to-back dispatches, the median of the last 20 passes. */
  const perDispatch = async (pipeline: GPUComputePipeline, group: GPUBindGroup, workgroups: readonly [number, number, number]) => med((await timedPasses(device, 30, (pass) => {
    pass.setPipeline(pipeline);
    pass.setBindGroup(0, group);
    for (let j = 0; j < 20; j++) pass.dispatchWorkgroups(...workgroups);
  })).slice(10).map((ms) => ms / 20));
  {
    // The kernel the compiler generates for the same add, timed the same way.
    const text = `cgc.module attributes {cgc.interface = "7FC4F23F-2474-4AE8-AE7A-2722118B350E", cgc.version = "0.1.0"} {
  cgc.entry_point @main(%a0: !cgc.tensor<${n}x!cgc.float32>, %a1: !cgc.tensor<${n}x!cgc.float32>) -> !cgc.tensor<${n}x!cgc.float32> {
    %r = cgc_op.add(%a0, %a1) : (!cgc.tensor<${n}x!cgc.float32>, !cgc.tensor<${n}x!cgc.float32>) -> !cgc.tensor<${n}x!cgc.float32>
    cgc.return %r : !cgc.tensor<${n}x!cgc.float32>
  }
}
`;
    const out = compile(parseModule(text).module!, defaultTargets()).output!;
    const defs: Operation[] = [];
    const walk = (op: Operation) => { for (const r of op.regions) for (const blk of r.blocks) for (const o of blk.operations) { if (o.name === FUNCTIONAL_DEFINITION) defs.push(o); walk(o); } };
    walk(out);
    for (const k of defs.flatMap((d) => planKernels(d))) {
      const layout = device.createBindGroupLayout({ entries: [0, 1, 2].map((b) => ({ binding: b, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' as GPUBufferBindingType } })) });
      const pipeline = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module: device.createShaderModule({ code: k.wgsl }), entryPoint: 'main' } });
      const group = device.createBindGroup({ layout, entries: [0, 1, 2].map((b) => ({ binding: b, resource: { buffer: bufs[b]! } })) });
      const ms = await perDispatch(pipeline, group, k.workgroups);
      console.log(`generated kernel ${k.name} ${k.workgroups.join('×')}: ${ms.toFixed(4)} ms, ${(3 * n * 4 / ms / 1e6).toFixed(0)} GB/s`);
    }
  }
  for (const access of ['read_write', 'read']) {
    for (const wg of [64, 256]) {
      for (const inputs of [1, 2]) {
        const code = `@group(0) @binding(0) var<storage, ${access}> in0: array<vec4<f32>>;
${inputs === 2 ? `@group(0) @binding(1) var<storage, ${access}> in1: array<vec4<f32>>;` : ''}
@group(0) @binding(2) var<storage, read_write> out2: array<vec4<f32>>;
@compute @workgroup_size(${wg}) fn main(@builtin(workgroup_id) w: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let idx = i32((w.y * 65535u + w.x) * ${wg}u + lid);
  if (idx >= ${n / 4}i) { return; }
  out2[idx] = in0[idx]${inputs === 2 ? ' + in1[idx]' : ''};
}`;
        const t = (access === 'read' ? 'read-only-storage' : 'storage') as GPUBufferBindingType;
        const layout = device.createBindGroupLayout({ entries: [
          { binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: t } },
          ...(inputs === 2 ? [{ binding: 1, visibility: GPUShaderStage.COMPUTE, buffer: { type: t } }] : []),
          { binding: 2, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'storage' as GPUBufferBindingType } }] });
        const pipeline = device.createComputePipeline({ layout: device.createPipelineLayout({ bindGroupLayouts: [layout] }), compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
        const group = device.createBindGroup({ layout, entries: [0, ...(inputs === 2 ? [1] : []), 2].map((b) => ({ binding: b, resource: { buffer: bufs[b]! } })) });
        const groups = n / 4 / wg;
        const ms = await perDispatch(pipeline, group, [Math.min(groups, 65535), Math.ceil(groups / 65535), 1]);
        const bytes = (inputs + 1) * n * 4;
        console.log(`${access} inputs, workgroup ${wg}, ${inputs === 2 ? 'add' : 'copy'}: ${ms.toFixed(4)} ms, ${(bytes / ms / 1e6).toFixed(0)} GB/s`);
      }
    }
  }
} else if (mode === 'bindings') {
  // Host time per dispatch of an empty kernel with B storage buffers bound (a bind group of its own per
  // dispatch, as a partition's kernels have): recording, finishing the encoder, submitting.
  for (const B of [2, 4, 6, 8, 11, 16].filter((b) => b <= device.limits.maxStorageBuffersPerShaderStage)) {
    const decls = Array.from({ length: B }, (_, i) => `@group(0) @binding(${i}) var<storage, read_write> b${i}: array<u32>;`).join('\n');
    const code = `${decls}\n@compute @workgroup_size(1) fn main() { ${Array.from({ length: B - 1 }, (_, i) => `b0[0] += b${i + 1}[0];`).join(' ')} }`;
    const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module: device.createShaderModule({ code }), entryPoint: 'main' } });
    const N = 200;
    const groups = Array.from({ length: N }, () => device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: Array.from({ length: B }, (_, i) => ({ binding: i, resource: { buffer: device.createBuffer({ size: 256, usage: GPUBufferUsage.STORAGE }) } })) }));
    const rec: number[] = [];
    const all: number[] = [];
    for (let r = 0; r < 30; r++) {
      const t0 = performance.now();
      const enc = device.createCommandEncoder();
      const pass = enc.beginComputePass();
      pass.setPipeline(pipeline);
      for (const g of groups) { pass.setBindGroup(0, g); pass.dispatchWorkgroups(1); }
      pass.end();
      const t1 = performance.now();
      device.queue.submit([enc.finish()]);
      const t2 = performance.now();
      if (r >= 10) { rec.push((t1 - t0) * 1000 / N); all.push((t2 - t0) * 1000 / N); }
      await device.queue.onSubmittedWorkDone();
    }
    console.log(`${B} buffers: ${med(all).toFixed(2)} µs per dispatch (recording ${med(rec).toFixed(2)}, finish + submit ${(med(all) - med(rec)).toFixed(2)})`);
  }
} else if (mode === 'upload') {
  // One model's constants uploaded three ways, each into fresh buffers: queue.writeBuffer per constant,
  // buffers mapped at creation (filled, then unmapped), and one MAP_WRITE staging buffer copied on the GPU.
  const loaded = load(rest[0]!);
  const datas = [...(loaded.weights?.values() ?? [])].map((w) => w.data).filter((d) => d.byteLength % 4 === 0 && d.byteLength > 0);
  const total = datas.reduce((n, d) => n + d.byteLength, 0);
  const usage = GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
  for (let pass = 0; pass < 2; pass++) {
    const made: GPUBuffer[] = [];
    let t = performance.now();
    for (const d of datas) { const b = device.createBuffer({ size: d.byteLength, usage }); device.queue.writeBuffer(b, 0, d); made.push(b); }
    const w1 = performance.now() - t;
    await device.queue.onSubmittedWorkDone();
    const w2 = performance.now() - t;
    t = performance.now();
    for (const d of datas) { const b = device.createBuffer({ size: d.byteLength, usage, mappedAtCreation: true }); new Uint8Array(b.getMappedRange()).set(d); b.unmap(); made.push(b); }
    const m1 = performance.now() - t;
    await device.queue.onSubmittedWorkDone();
    const m2 = performance.now() - t;
    t = performance.now();
    const staging = device.createBuffer({ size: total, usage: GPUBufferUsage.MAP_WRITE | GPUBufferUsage.COPY_SRC, mappedAtCreation: true });
    const range = new Uint8Array(staging.getMappedRange());
    const enc = device.createCommandEncoder();
    let at = 0;
    for (const d of datas) { range.set(d, at); const b = device.createBuffer({ size: d.byteLength, usage }); enc.copyBufferToBuffer(staging, at, b, 0, d.byteLength); at += d.byteLength; made.push(b); }
    staging.unmap();
    device.queue.submit([enc.finish()]);
    const s1 = performance.now() - t;
    await device.queue.onSubmittedWorkDone();
    const s2 = performance.now() - t;
    console.log(`${datas.length} constants, ${(total / 1e6).toFixed(0)} MB: writeBuffer ${w1.toFixed(0)} ms (+ GPU done ${w2.toFixed(0)}); mappedAtCreation ${m1.toFixed(0)} (${m2.toFixed(0)}); one staging buffer ${s1.toFixed(0)} (${s2.toFixed(0)})`);
    staging.destroy();
    for (const b of made) b.destroy();
  }
} else {
  // Per run: the time to reach submit (encoding), submit itself, and the wait after it.
  const submit = GPUQueue.prototype.submit;
  let marks: number[] = [];
  GPUQueue.prototype.submit = function (this: GPUQueue, buffers: Iterable<GPUCommandBuffer>) {
    marks.push(performance.now());
    const r = submit.call(this, buffers);
    marks.push(performance.now());
    return r;
  };
  // Time spent in each WebGPU call, by method, accumulated over the timed runs.
  const spent = new Map<string, { ms: number; calls: number }>();
  let timing = false;
  const wrap = (proto: object, cls: string) => {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      if (!d || typeof d.value !== 'function' || name === 'constructor') continue;
      const f = d.value as (...a: unknown[]) => unknown;
      (proto as Record<string, unknown>)[name] = function (this: unknown, ...a: unknown[]) {
        if (!timing) return f.apply(this, a);
        const t = performance.now();
        const r = f.apply(this, a);
        const e = spent.get(`${cls}.${name}`) ?? { ms: 0, calls: 0 };
        e.ms += performance.now() - t;
        e.calls++;
        spent.set(`${cls}.${name}`, e);
        return r;
      };
    }
  };
  wrap(GPUQueue.prototype, 'queue');
  wrap(GPUDevice.prototype, 'device');
  wrap(GPUCommandEncoder.prototype, 'encoder');
  wrap(GPUComputePassEncoder.prototype, 'pass');
  wrap(GPUBuffer.prototype, 'buffer');
  for (const file of rest) {
    const loaded = load(file);
    const state = compile(loaded.module!, defaultTargets(gpuProfile(device)));
    const prog = await loadProgram(device, state.output!, (n) => loaded.weights?.get(n)?.data, { pipelines: 'sync' });
    const inputs = prog.inputTypes.map((t, i) => randomTensor(t, 1 + i));
    for (const w0 = performance.now(); performance.now() - w0 < 1000;) await prog.run(inputs);
    spent.clear();
    const enc: number[] = [];
    const sub: number[] = [];
    const wait: number[] = [];
    const total: number[] = [];
    const host: number[] = [];
    const gpu: number[] = [];
    for (let i = 0; i < 40; i++) {
      marks = [];
      timing = true;
      const r0 = performance.now();
      const r = await prog.run(inputs);
      const r1 = performance.now();
      timing = false;
      enc.push(marks[0]! - r0);
      sub.push(marks[1]! - marks[0]!);
      wait.push(r1 - marks[1]!);
      total.push(r1 - r0);
      host.push(marks.at(-1)! - r0);
      gpu.push(r.timings.reduce((s, t) => s + t.ms, 0));
    }
    // The same program recorded into our own encoder, 10 runs per submit: GPU throughput without per-run host cost.
    const io = {
      inputs: prog.inputTypes.map((t) => ({ buffer: device.createBuffer({ size: Math.max(4, t.shape.reduce((a, b) => a * b, 1) * 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_DST }) })),
      outputs: prog.outputTypes.map((t) => ({ buffer: device.createBuffer({ size: Math.max(4, t.shape.reduce((a, b) => a * b, 1) * 4), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC }) })),
    };
    const recordMs: number[] = [];
    const batched: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r0 = performance.now();
      const e = device.createCommandEncoder();
      for (let j = 0; j < 10; j++) prog.record(e, io);
      const cb = e.finish();
      recordMs.push((performance.now() - r0) / 10);
      device.queue.submit([cb]);
      await device.queue.onSubmittedWorkDone();
      batched.push((performance.now() - r0) / 10);
    }
    const top = [...spent].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8).map(([k, v]) => `${k} ${(v.ms / 40 * 1000).toFixed(0)}µs/${v.calls / 40}`);
    console.log(`  per run, in WebGPU calls: ${top.join(', ')}`);
    console.log(`${file.split('/').pop()}: run() median ${med(total).toFixed(3)} (min ${Math.min(...total).toFixed(3)}) = encode ${med(enc).toFixed(3)} + submit ${med(sub).toFixed(3)} + wait ${med(wait).toFixed(3)}; host to the last submit ${med(host).toFixed(3)} for ${prog.dispatchCount} dispatches; GPU ${med(gpu).toFixed(3)}; record ${med(recordMs).toFixed(3)} per run; 10 per submit ${med(batched).toFixed(3)} ms per run`);
    prog.destroy();
  }
}
device.destroy();
