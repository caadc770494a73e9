// The compiler's rules beyond the goldens: the escape and cycle rules, declarations that are bad or
// can never match, ops no target takes, specialization declines, and partition isolation.
import { describe, expect, it } from 'vitest';
import {
  type CompileTarget, type Operation, CGC_VERSION, INTERFACES, formatDiagnostic, parseModule, printModule, readBytecode, verifyModule,
} from '../ir';
import { SUBGRAPH_INTERFACES, specializationAnswer } from '../ir/exchange';
import { createReferenceTarget } from '../reference/target';
import { createWebGpuFallbackTarget } from '../webgpu-target/target';
import { defaultTargets } from '../engine/targets';
import { decisionLines } from './dump';
import { getPartitionBytecode, isolatePartition, partitionNames } from '../ir/isolate';
import { DeclarationError } from './patterns/pattern';
import { compile } from './pipeline';
import { CompileError, type CompileState } from './state';

const T = '!cgc.tensor<2x8x!cgc.float32>';

function module(body: string, args = `%x: ${T}`, results = T) {
  const r = parseModule(`cgc.module {\n  cgc.entry_point @main(${args}) -> ${results} {\n${body}\n  }\n}\n`);
  if (!r.module) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return r.module;
}

/** A target declaring `patterns` (pattern-language text) that accepts every specialization. */
function target(name: string, patterns: string): CompileTarget {
  return {
    name,
    capabilities: () => ({ name, tier: 1, interfaces: [...SUBGRAPH_INTERFACES], features: [], limits: {} }),
    exchange: (req) => req.interface === INTERFACES.CGC_SUBGRAPH_DECLARATION_REQUEST
      ? { interface: INTERFACES.CGC_SUBGRAPH_DECLARATION, text: `cgc.module attributes {cgc.interface = "${INTERFACES.CGC_SUBGRAPH_DECLARATION}", cgc.version = "${CGC_VERSION}"} {\n${patterns}\n}` }
      : specializationAnswer(true),
  };
}

/** Compiles `m` for a target declaring `pattern`, with the CPU reference for the rest. */
function compileWith(m: Operation, pattern: string): CompileState {
  return compile(m, [target('t', `cgc_pattern.pattern ${pattern}`), createReferenceTarget()]);
}

/** The ops of each subgraph invocation, in order. */
const opGroups = (s: CompileState) => s.schedule.map((g) => g.ops.map((o) => o.opName));

describe('compiler rules', () => {
  it('never fuses across a value used outside the subgraph (unless the pattern allows several results)', () => {
    const m = module('%a = cgc_op.relu(%x)\n%b = cgc_op.neg(%a)\n%c = cgc_op.add(%a, %b)\ncgc.return %c');
    const fixed = '@p attributes {benefit = 10, nodes = [{ops = ["relu"]}, {ops = ["neg"], inputs = [0]}]}';
    const s = compileWith(m, fixed);
    expect(decisionLines(s).join('\n')).toContain('tried @p (t): 1 value(s) computed inside would also be used outside; the pattern allows one result');
    const multi = compileWith(module('%a = cgc_op.relu(%x)\n%b = cgc_op.neg(%a)\n%c = cgc_op.add(%a, %b)\ncgc.return %c'), fixed.replace('benefit = 10', 'benefit = 10, multiple_results = true'));
    expect(multi.schedule[0]!.outputs.map((v) => v.nameHint)).toEqual(['a', 'b']);
  });

  it('rejects a match whose contraction would make a cycle between subgraphs', () => {
    // relu and add as one subgraph would both feed and read sigmoid, which lies outside it.
    const m = module('%a = cgc_op.relu(%x)\n%s = cgc_op.sigmoid(%a)\n%c = cgc_op.add(%a, %s)\ncgc.return %c');
    const s = compileWith(m, '@ra attributes {benefit = 10, nodes = [{ops = ["relu"]}, {ops = ["add"], inputs = [0, "*"]}], multiple_results = true}');
    expect(decisionLines(s).join('\n')).toContain('tried @ra (t): taking it would make a cycle between subgraphs');
    expect(verifyModule(s.output!)).toEqual([]);
  });

  it('takes an epilogue that uses a value twice, and stops where a value would leave the subgraph', () => {
    const epi = '@p attributes {benefit = 10, nodes = [{ops = ["relu"]}], epilogue = {traits = ["elementwise"], max_ops = 4}}';
    // relu → x·sigmoid(x): one subgraph.
    const swish = compileWith(module('%a = cgc_op.relu(%x)\n%s = cgc_op.sigmoid(%a)\n%m = cgc_op.mul(%a, %s)\ncgc.return %m'), epi);
    expect(opGroups(swish)).toEqual([['relu', 'sigmoid', 'mul']]);
    // sigmoid's result also returned: relu's result would leave a relu → sigmoid subgraph (mul reads
    // it), so relu stands alone.
    const both = compileWith(module('%a = cgc_op.relu(%x)\n%s = cgc_op.sigmoid(%a)\n%m = cgc_op.mul(%a, %s)\ncgc.return %m, %s', `%x: ${T}`, `(${T}, ${T})`), epi);
    expect(opGroups(both)).toEqual([['relu'], ['sigmoid'], ['mul']]);
  });

  it('copies an op that several readers read through into each reader\'s operand prologue (clone-views), and only then', () => {
    const pat = '@p attributes {benefit = 10, nodes = [{ops = ["add"]}], operand_prologues = {ops = ["neg", "relu"], max_ops = 2}}';
    // neg feeds the anchor and relu, which feeds the anchor: one copy each, one subgraph.
    const s = compileWith(module('%a = cgc_op.neg(%x)\n%b = cgc_op.relu(%a)\n%c = cgc_op.add(%a, %b)\ncgc.return %c'), pat);
    expect(opGroups(s)).toEqual([['neg', 'neg', 'relu', 'add']]);
    // Both copies answer to the op as written (%a), as the app's graph finds them.
    expect(decisionLines(s).filter((l) => l.startsWith('%a (cgc_op.neg): @p'))).toHaveLength(2);
    // sigmoid reads neg too but no prologue takes it: neg is computed once, by a kernel of its own.
    const kept = compileWith(module('%a = cgc_op.neg(%x)\n%b = cgc_op.sigmoid(%a)\n%c = cgc_op.add(%a, %b)\ncgc.return %c'), pat);
    expect(opGroups(kept).flat().filter((o) => o === 'neg')).toEqual(['neg']);
    // A square, mul(v, v), takes no side input: with constant side inputs only, it is copied as the
    // matcher would take it into a prologue.
    const square = '@p attributes {benefit = 10, nodes = [{ops = ["add"]}], operand_prologues = {ops = ["mul", "relu"], max_ops = 2, side_inputs = "constant"}}';
    const sq = compileWith(module('%a = cgc_op.mul(%x, %x)\n%b = cgc_op.relu(%a)\n%c = cgc_op.add(%a, %b)\ncgc.return %c'), square);
    expect(opGroups(sq)).toEqual([['mul', 'mul', 'relu', 'add']]);
  });

  it('takes a node only where its innermost dimension is at most max_last_dim, and says why not', () => {
    const pat = (max: number) => `@p attributes {benefit = 10, nodes = [{ops = ["relu"]}, {ops = ["sigmoid"], inputs = [0], max_last_dim = ${max}}]}`;
    const m = () => module('%a = cgc_op.relu(%x)\n%b = cgc_op.sigmoid(%a)\ncgc.return %b');
    // T is 2×8: an innermost dimension of 8.
    expect(opGroups(compileWith(m(), pat(8)))).toEqual([['relu', 'sigmoid']]);
    expect(opGroups(compileWith(m(), pat(7)))).toEqual([['relu'], ['sigmoid']]);
    const one = compileWith(module('%a = cgc_op.sigmoid(%x)\ncgc.return %a'), '@p attributes {benefit = 10, nodes = [{ops = ["sigmoid"], max_last_dim = 7}]}');
    expect(decisionLines(one).join('\n')).toContain('innermost dimension 8 of 2x8 is more than 7');
  });

  it('takes one-element side computations into chains with side_chains, each copied per reader (clone-scalars), within the budget', () => {
    const S = '!cgc.tensor<!cgc.float32>';
    const body = '%n = cgc_op.neg(%s)\n%e = cgc_op.exp(%n)\n%a = cgc_op.relu(%x)\n%m = cgc_op.mul(%a, %e)\n%b = cgc_op.sigmoid(%x)\n%c = cgc_op.add(%b, %e)\n%d = cgc_op.add(%m, %c)\ncgc.return %d';
    const pat = (sideOps: number) => `@p attributes {benefit = 10, nodes = [{ops = ["relu", "sigmoid"]}], epilogue = {traits = ["elementwise"], max_ops = 1, side_chains = {traits = ["elementwise"], max_ops = ${sideOps}, max_elements = 1}}}`;
    // exp(neg(s)) read by both epilogues: one copy of both ops per reader, recomputed in each kernel.
    const s = compileWith(module(body, `%x: ${T}, %s: ${S}`), pat(2));
    expect(opGroups(s)).toEqual([['neg', 'exp', 'relu', 'mul'], ['neg', 'exp', 'sigmoid', 'add'], ['add']]);
    // An anchor takes in its own side computations, which are then not tried as anchors themselves.
    const chain = '@q attributes {benefit = 10, nodes = [{traits = ["elementwise"]}], epilogue = {traits = ["elementwise"], max_ops = 4, side_chains = {traits = ["elementwise"], max_ops = 2, max_elements = 1}}}';
    const anchored = compileWith(module('%n = cgc_op.neg(%s)\n%e = cgc_op.exp(%n)\n%a = cgc_op.mul(%x, %e)\n%b = cgc_op.relu(%a)\ncgc.return %b', `%x: ${T}, %s: ${S}`), chain);
    expect(opGroups(anchored)).toEqual([['neg', 'exp', 'mul', 'relu']]);
    expect(decisionLines(anchored).filter((l) => l.includes('tried @q (t): a side computation of one element'))).toHaveLength(2);
    // Two ops past a budget of one: not copied (a copy left over would be a kernel of its own), and
    // read by two ops, neither chain takes them.
    const tight = compileWith(module(body, `%x: ${T}, %s: ${S}`), pat(1));
    expect(opGroups(tight)).toEqual([['neg'], ['exp'], ['relu', 'mul'], ['sigmoid', 'add'], ['add']]);
    // A value of more than max_elements is a side input as before.
    const wide = compileWith(module(body, `%x: ${T}, %s: ${T}`), pat(2));
    expect(opGroups(wide)).toEqual([['neg'], ['exp'], ['relu', 'mul'], ['sigmoid', 'add'], ['add']]);
  });

  it('matches siblings (same_input): ops reading the value an earlier node reads, as one subgraph with several results', () => {
    const pat = '@p attributes {benefit = 10, multiple_results = true, nodes = [{ops = ["exp"]}, {ops = ["neg", "tanh"], same_input = 0}]}';
    const body = '%a = cgc_op.exp(%x)\n%b = cgc_op.relu(%x)\n%c = cgc_op.tanh(%x)\n%d = cgc_op.add(%a, %b)\n%e = cgc_op.add(%d, %c)\ncgc.return %e';
    const s = compileWith(module(body), pat);
    expect(opGroups(s)).toEqual([['exp', 'tanh'], ['relu'], ['add'], ['add']]);
    // A sibling of another value's reader is not one.
    const apart = compileWith(module('%y = cgc_op.relu(%x)\n%a = cgc_op.exp(%x)\n%c = cgc_op.tanh(%y)\n%d = cgc_op.add(%a, %c)\ncgc.return %d'), pat);
    expect(opGroups(apart)).toEqual([['relu'], ['exp'], ['tanh'], ['add']]);
    expect(decisionLines(apart).some((l) => l.includes("the ops after it and reading its input do not form the pattern's 2-node DAG"))).toBe(true);
  });

  it('leaves its input module as it was: the passes rewrite a copy of the entry point', () => {
    // canonicalize drops the identity and the dead op; clone-views copies neg; the caller's module keeps all three.
    const pat = '@p attributes {benefit = 10, nodes = [{ops = ["add"]}], operand_prologues = {ops = ["neg", "relu"], max_ops = 2}}';
    const m = module('%i = cgc_op.identity(%x)\n%d = cgc_op.tanh(%i)\n%a = cgc_op.neg(%i)\n%b = cgc_op.relu(%a)\n%c = cgc_op.add(%a, %b)\ncgc.return %c');
    const before = printModule(m);
    const s = compileWith(m, pat);
    expect(opGroups(s)).toEqual([['neg', 'neg', 'relu', 'add']]);
    expect(printModule(m)).toBe(before);
    expect(opGroups(compileWith(m, pat)), 'a second compile of the same module').toEqual([['neg', 'neg', 'relu', 'add']]);
  });

  it('drops ops that are identities by their attributes: a zero pad, a whole slice, an identity transpose; keeps those that are not', () => {
    const pat = '@p attributes {benefit = 10, nodes = [{ops = ["relu"]}]}';
    const same = (op: string) => `${op} : (${T}) -> ${T}`;
    const m = module([
      `%p = ${same('cgc_op.pad(%x) {start_padding = [0, 0], end_padding = [0, 0], mode = "reflect"}')}`,
      `%s = ${same('cgc_op.slice(%p) {starts = [0, -8], ends = [2, 100], axes = [0, 1]}')}`,
      `%t = ${same('cgc_op.transpose(%s) {permutation = [0, 1]}')}`,
      '%r = cgc_op.relu(%t)',
      // Not identities: a reversing slice of the same shape, a pad that crops one end and pads the other.
      `%v = ${same('cgc_op.slice(%r) {starts = [-1], ends = [-100], axes = [1], steps = [-1]}')}`,
      `%q = ${same('cgc_op.pad(%v) {start_padding = [0, -1], end_padding = [0, 1]}')}`,
      'cgc.return %q',
    ].join('\n'));
    const ops = (s: CompileState) => [...s.entry.body().operations].map((o) => o.opName).filter((n) => n !== 'return');
    expect(ops(compileWith(m, pat)).filter((n) => n === 'pad' || n === 'slice' || n === 'transpose')).toEqual(['slice', 'pad']);
  });

  it('ends an epilogue before a cast widening bytes to int32 (left to the product reading them)', () => {
    const B = '!cgc.tensor<2x8x!cgc.uint8>';
    const I = '!cgc.tensor<2x8x!cgc.int32>';
    const body = `%a = cgc_op.relu(%x) : (${T}) -> ${T}
%q = cgc_op.cast(%a) {to = !cgc.uint8} : (${T}) -> ${B}
%w = cgc_op.cast(%q) {to = !cgc.int32} : (${B}) -> ${I}
%n = cgc_op.neg(%w) : (${I}) -> ${I}
cgc.return %n`;
    const m = parseModule(`cgc.module {\n  cgc.entry_point @main(%x: ${T}) -> ${I} {\n${body}\n  }\n}\n`).module!;
    const s = compileWith(m, '@p attributes {benefit = 10, nodes = [{ops = ["relu"]}], epilogue = {traits = ["elementwise"], max_ops = 8}}');
    // The widening cast and what follows it are not taken; the byte cast ends the subgraph.
    expect(opGroups(s)[0]).toEqual(['relu', 'cast']);
    expect(s.schedule[0]!.outputs.map((v) => v.type.element)).toEqual(['uint8']);
  });

  it('takes operand prologues before the operands of the anchor, each only where it is the sole user', () => {
    const pat = '@p attributes {benefit = 10, nodes = [{ops = ["add"]}], operand_prologues = {ops = ["neg", "relu"], max_ops = 2}}';
    const s = compileWith(module('%a = cgc_op.neg(%x)\n%b = cgc_op.relu(%x)\n%c = cgc_op.add(%a, %b)\ncgc.return %c'), pat);
    expect(opGroups(s)).toEqual([['neg', 'relu', 'add']]);
    // neg's result used elsewhere too: it stays out; relu still feeds add from inside.
    const shared = compileWith(module('%a = cgc_op.neg(%x)\n%b = cgc_op.relu(%x)\n%c = cgc_op.add(%a, %b)\ncgc.return %c, %a', `%x: ${T}`, `(${T}, ${T})`), pat);
    expect(shared.schedule.find((g) => g.ops.some((o) => o.opName === 'add'))!.ops.map((o) => o.opName)).toEqual(['relu', 'add']);
  });

  it('takes an operand prologue that needs certain ops only where its chain holds one (needs_ops), and copies only such chains (clone-views)', () => {
    const pat = '@p attributes {benefit = 10, nodes = [{ops = ["add"]}], operand_prologues = {ops = ["neg", "relu"], max_ops = 2, needs_ops = ["relu"]}}';
    // relu → neg is taken before the first operand; neg alone, before the second, is not.
    const s = compileWith(module('%a = cgc_op.relu(%x)\n%b = cgc_op.neg(%a)\n%n = cgc_op.neg(%x)\n%c = cgc_op.add(%b, %n)\ncgc.return %c'), pat);
    expect(opGroups(s)).toEqual([['neg'], ['relu', 'neg', 'add']]);
    // Two adds read neg(x), which holds no relu: it is computed once, not copied for each.
    const shared = compileWith(module('%n = cgc_op.neg(%x)\n%c = cgc_op.add(%n, %x)\n%d = cgc_op.add(%n, %c)\ncgc.return %d'), pat);
    expect(opGroups(shared).flat().filter((o) => o === 'neg')).toEqual(['neg']);
    // Two adds read neg(relu(x)): one copy of the chain each.
    const copied = compileWith(module('%r = cgc_op.relu(%x)\n%n = cgc_op.neg(%r)\n%c = cgc_op.add(%n, %x)\n%d = cgc_op.add(%n, %c)\ncgc.return %d'), pat);
    expect(opGroups(copied).flat().filter((o) => o === 'neg')).toEqual(['neg', 'neg']);
  });

  it('takes operand prologues before the outside operands of later nodes too, not before the edges between nodes', () => {
    const pat = '@p attributes {benefit = 10, nodes = [{ops = ["mul"]}, {ops = ["add"], inputs = [0, "*"]}], operand_prologues = {ops = ["neg", "relu"], max_ops = 2}}';
    const s = compileWith(module('%a = cgc_op.neg(%x)\n%m = cgc_op.mul(%a, %x)\n%b = cgc_op.relu(%x)\n%c = cgc_op.add(%m, %b)\n%d = cgc_op.neg(%c)\ncgc.return %d'), pat);
    expect(opGroups(s)).toEqual([['neg', 'mul', 'relu', 'add'], ['neg']]);
  });

  it('explains bad declaration documents and patterns that can never match', () => {
    const m = () => module('%a = cgc_op.relu(%x)\ncgc.return %a');
    const cases: [string, RegExp][] = [
      ['@p attributes {benefit = 1, nodes = [{ops = ["frob"]}]}', /pattern @p: node #0 names unknown op 'frob'/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"], traits = ["reduction"]}]}', /can never match: none of its ops has all of the traits reduction/],
      ['@p attributes {benefit = 1, nodes = [{element_types = ["float32"]}]}', /matches every op: give 'ops' or 'traits'/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}, {ops = ["neg"]}]}', /node #1 must say which earlier node feeds it/],
      ['@p attributes {nodes = [{ops = ["relu"]}]}', /needs 'benefit'/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], epilogue = {traits = ["elementwise"]}}', /'epilogue' needs 'max_ops'/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], epilogue = {traits = ["elementwise"], max_ops = 2, side_chains = {traits = ["elementwise"], max_ops = 2}}}', /'epilogue' 'side_chains' needs 'max_elements'/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}, {ops = ["neg"], same_input = 1}]}', /node #1 'same_input' must be an earlier node's index/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}, {ops = ["neg"], same_input = 0, inputs = [0]}]}', /node #1 takes 'inputs' or 'same_input', not both/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], epilogue = {traits = ["elementwise"], max_ops = 2, side_inputs = "none", side_chains = {traits = ["elementwise"], max_ops = 2, max_elements = 1}}}', /'side_chains' needs side_inputs = "any"/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], epilogue = {traits = ["elementwise"], max_ops = 2, side_chains = {max_ops = 2, max_elements = 1}}}', /'epilogue' 'side_chains' matches every op/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], prologue = {ops = ["neg"], max_ops = 1}, operand_prologues = {ops = ["neg"], max_ops = 1}}', /takes 'prologue' or 'operand_prologues', not both/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], operand_prologues = {ops = ["neg"], max_ops = 1, needs_ops = ["frob"]}}', /'operand_prologues' 'needs_ops' names unknown op 'frob'/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], operand_prologues = {ops = ["neg"], max_ops = 1, needs_ops = []}}', /'needs_ops' must be a non-empty array of op names/],
      ['@p attributes {benefit = 1, nodes = [{ops = ["relu"]}], epilogue = {ops = ["neg"], max_ops = 1, needs_ops = ["neg"]}}', /'epilogue' takes no 'needs_ops'/],
    ];
    for (const [pattern, want] of cases) {
      expect(() => compile(m(), [target('bad', `cgc_pattern.pattern ${pattern}`)])).toThrow(DeclarationError);
      expect(() => compile(m(), [target('bad', `cgc_pattern.pattern ${pattern}`)])).toThrow(want);
    }
  });

  it('names the ops no target can take', () => {
    const m = module('%a = cgc_op.relu(%x)\n%b = cgc_op.neg(%a)\ncgc.return %b');
    expect(() => compile(m, [target('t', 'cgc_pattern.pattern @p attributes {benefit = 1, nodes = [{ops = ["relu"]}]}')]))
      .toThrow(new CompileError("no target can take 1 op(s): 'cgc_op.neg' (%b); targets: t"));
  });

  it('compiles float16 to WebGPU kernels on any device (halves in u32 words, no shader-f16 needed)', () => {
    const h = '!cgc.tensor<2x8x!cgc.float16>';
    const s = compile(module('%a = cgc_op.relu(%x)\ncgc.return %a', `%x: ${h}`, h), defaultTargets());
    expect(s.schedule.map((g) => g.target)).toEqual(['webgpu']);
  });

  it('pulls a pooling into the float32 1×1 convolution that alone reads it; float16 keeps them apart', () => {
    const conv = (e: string) => {
      const x = `!cgc.tensor<1x4x9x9x!cgc.${e}>`;
      const w = `!cgc.tensor<constant 6x4x1x1x!cgc.${e}>`;
      return module([
        '%p = cgc_op.max_pool(%x) {window_size = [3, 3], strides = [2, 2]}',
        '%c = cgc_op.convolution(%p, %w) {strides = [1, 1], start_padding = [0, 0], end_padding = [0, 0], dilations = [1, 1], groups = 1}',
        '%r = cgc_op.relu(%c)',
        'cgc.return %r',
      ].join('\n'), `%x: ${x}, %w: ${w}`, `!cgc.tensor<1x6x4x4x!cgc.${e}>`);
    };
    const ops = (s: CompileState) => s.schedule.map((g) => g.ops.map((o) => o.opName).join(','));
    expect(ops(compile(conv('float32'), defaultTargets()))).toEqual(['max_pool,convolution,relu']);
    expect(ops(compile(conv('float16'), defaultTargets()))).toEqual(['max_pool', 'convolution,relu']);
  });

  it('falls back when targets decline: int64 arithmetic goes to the CPU reference, int64 data movement stays on WebGPU', () => {
    const l = '!cgc.tensor<2x8x!cgc.int64>';
    const s = compile(module('%a = cgc_op.add(%x, %x)\n%b = cgc_op.transpose(%a) {permutation = [1, 0]}\ncgc.return %b', `%x: ${l}`, '!cgc.tensor<8x2x!cgc.int64>'), defaultTargets());
    const log = decisionLines(s).join('\n');
    expect(log).toContain('tried @elementwise_chain (webgpu): element type int64 is not one of');
    expect(log).toContain("target 'webgpu-fallback' declined the specialization: cgc_op.add with an int64 result (!cgc.tensor<2x8x!cgc.int64>) would be computed in 32 bits");
    expect(s.schedule.map((g) => g.target)).toEqual(['cpu-reference', 'webgpu-fallback']);
    // A device's binding limit is a device check every WebGPU target makes.
    const small = compile(module('%a = cgc_op.relu(%x)\ncgc.return %a'), [createWebGpuFallbackTarget({ features: [], limits: { maxStorageBufferBindingSize: 32 } }), createReferenceTarget()]);
    expect(decisionLines(small).join('\n')).toContain("target 'webgpu-fallback' declined the specialization: !cgc.tensor<2x8x!cgc.float32> is 64 bytes, past maxStorageBufferBindingSize (32)");
    expect(small.schedule[0]!.target).toBe('cpu-reference');
  });

  it('hands a target in its process the request parsed, whose text is the same document; answers read from either', () => {
    const seen: { parsed: string; carried: string }[] = [];
    const gpu = createWebGpuFallbackTarget();
    /** The WebGPU fallback, reading the text of every request it is sent, as a target across a boundary would. */
    const textOnly: CompileTarget = {
      ...gpu,
      exchange(req) {
        if (req.interface !== INTERFACES.CGC_SUBGRAPH_SPECIALIZATION_REQUEST) return gpu.exchange(req);
        seen.push({ parsed: printModule(parseModule(req.text).module!), carried: printModule(req.module!) });
        const answer = gpu.exchange({ interface: req.interface, text: req.text });
        return { interface: answer.interface, text: answer.text };
      },
    };
    const m = () => module('%a = cgc_op.relu(%x)\n%b = cgc_op.add(%a, %x)\n%l = cgc_op.cast(%b) {to = !cgc.int64}\n%c = cgc_op.add(%l, %l)\ncgc.return %c', `%x: ${T}`, '!cgc.tensor<2x8x!cgc.int64>');
    const viaText = compile(m(), [textOnly, createReferenceTarget()]);
    const inProcess = compile(m(), [gpu, createReferenceTarget()]);
    expect(seen.length).toBeGreaterThan(0);
    for (const s of seen) expect(s.parsed).toBe(s.carried);
    expect(decisionLines(viaText)).toEqual(decisionLines(inProcess));
    expect(decisionLines(inProcess).join('\n')).toContain('declined the specialization: cgc_op.add with an int64 result');
    const reject = specializationAnswer(false, 'a "quoted" reason');
    const parsed = parseModule(reject.text).module!;
    expect(parsed.attr('cgc.reason')).toEqual({ kind: 'string', value: 'a "quoted" reason' });
    expect(printModule(parsed)).toBe(reject.text);
  });

  it('gives identical subgraphs one symbol, and subgraphs that read their inputs differently their own', () => {
    const s = compile(module('%a = cgc_op.add(%x, %y)\n%b = cgc_op.add(%a, %a)\n%c = cgc_op.add(%b, %x)\n%d = cgc_op.add(%c, %c)\ncgc.return %d', `%x: ${T}, %y: ${T}`),
      [target('t', 'cgc_pattern.pattern @one attributes {benefit = 1, nodes = [{ops = ["add"]}]}')]);
    expect(s.schedule.map((g) => g.symbol)).toEqual(['add', 'add_1', 'add', 'add_1']);
  });

  it('isolates a partition with only the symbols it reaches, as CGC_SUBGRAPH_PARTITION bytecode', () => {
    const m = module('%a = cgc_op.relu(%x)\n%t = cgc_op.is_inf(%a)\n%b = cgc_op.not(%t)\ncgc.return %b', `%x: ${T}`, '!cgc.tensor<2x8x!cgc.bool>');
    const s = compile(m, defaultTargets());
    const names = partitionNames(s.output!);
    expect(names).toEqual(['partition0_webgpu', 'partition1_cpu_reference', 'partition2_webgpu']);
    const iso = isolatePartition(s.output!, 'partition1_cpu_reference');
    expect(verifyModule(iso)).toEqual([]);
    const text = printModule(iso);
    expect(text).toContain(`cgc.interface = "${INTERFACES.CGC_SUBGRAPH_PARTITION}"`);
    expect(text).toContain('@isInf');
    expect(text).not.toContain('@relu');
    const back = readBytecode(getPartitionBytecode(s.output!, 1));
    expect(back.diagnostics).toEqual([]);
    expect(printModule(back.module!)).toBe(printModule(readBytecode(getPartitionBytecode(s.output!, 1)).module!));
    expect(() => isolatePartition(s.output!, 'nope')).toThrow('no partition @nope (partitions: @partition0_webgpu, @partition1_cpu_reference, @partition2_webgpu)');
  });
});
