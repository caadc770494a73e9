// Text dumps of the compile state after a pass, for golden tests and the CLI: the IR where a pass
// rewrites IR, and tables where it decides (matches, selection, schedule, partitions, plan).
import { type Operation, type Value, printModule } from '../ir';
import type { Match } from './patterns/matcher';
import type { CompileState, PartitionInfo, StepDependencies, SubgraphInfo } from './state';

const name = (v: Value): string => `%${v.nameHint ?? '?'}`;
const opRef = (op: Operation): string => (op.results[0] ? name(op.results[0]) : op.name);

function matchLine(m: Match): string {
  return `@${m.pattern.name} (${m.pattern.target}, benefit ${m.pattern.benefit}) at ${opRef(m.anchor)}: [${m.ops.map(opRef).join(', ')}] → [${m.outputs.map(name).join(', ')}]`;
}

/** Output IR as people read it: the WGSL targets record on subgraphs shows its first line only. */
export const READABLE_OUTPUT = { elide: 80 } as const;

export function dumpState(s: CompileState, pass: string): string {
  switch (pass) {
    case 'verify-input': case 'canonicalize': case 'sink-reshapes': case 'clone-views': case 'clone-scalars':
      return printModule(s.module);
    case 'declare':
      return s.patterns.map((p) => `@${p.name} (${p.target}) benefit=${p.benefit} nodes=${p.nodes.length}`
        + `${p.prologue ? ` prologue≤${p.prologue.maxOps}` : ''}${p.epilogue ? ` epilogue≤${p.epilogue.maxOps}` : ''}`).join('\n') + '\n';
    case 'match':
      return s.candidates.map(matchLine).join('\n') + '\n';
    case 'select':
      return [...s.selected.map((m) => `taken ${matchLine(m)}`), ...decisionLines(s)].join('\n') + '\n';
    case 'form-subgraphs': case 'view-reshapes': case 'view-concats': case 'partition':
      return [
        ...[...s.aliases].map(([v, view]) => view.part
          ? `view: ${name(v)} is bytes ${view.offset}… of ${name(view.of)}` : `view: ${name(v)} is a view of ${name(view.of)}`),
        ...s.schedule.map((sg, i) => `step ${i}: @${sg.symbol} (${sg.target}, @${sg.pattern}) (${sg.inputs.map(name).join(', ')}) → (${sg.outputs.map(name).join(', ')})`),
        ...s.partitions.map((p) => `@${p.name} (${p.target}): steps [${p.steps.join(', ')}]${afterText(p)}`),
      ].join('\n') + '\n';
    case 'plan-memory':
      return planText(s);
    case 'dependencies':
      return [
        ...s.stepDependencies.map((d, i) => `step ${i}:${stepAfterText(d) || ' after nothing'}`),
        ...s.partitions.map((p) => `@${p.name}${afterText(p)}`),
      ].join('\n') + '\n';
    default:
      return s.output ? printModule(s.output, READABLE_OUTPUT) : '';
  }
}

export function decisionLines(s: CompileState): string[] {
  const lines: string[] = [];
  for (const op of s.graph.ops) {
    const d = s.decisions.get(op);
    if (!d) continue;
    const taken = d.taken ? `@${d.taken.pattern} → ${d.taken.target}${d.taken.subgraph ? ` @${d.taken.subgraph}` : ''}` : 'not taken';
    lines.push(`${d.op} (${d.opName}): ${taken}`);
    for (const r of d.rejected) lines.push(`    tried @${r.pattern} (${r.target}): ${r.reason}`);
  }
  return lines;
}

/**
 * Why `sg` is not on another target: the decision log's answers of the targets that declined it
 * (`@pattern (target): reason`); where none was asked, why their patterns were rejected; where none
 * matched, that.
 */
export function declinedLines(s: CompileState, sg: SubgraphInfo): string[] {
  const others = sg.ops.flatMap((op) => (s.decisions.get(op)?.rejected ?? []).filter((r) => r.target !== sg.target));
  const shown = others.some((r) => r.declined) ? others.filter((r) => r.declined) : others;
  const lines = [...new Set(shown.map((r) => `@${r.pattern} (${r.target}): ${r.reason}`))];
  return lines.length ? lines : [`no pattern of another target matched ${[...new Set(sg.ops.map((o) => `'${o.name}'`))].join(', ')}`];
}

/** ` after @a, @b (memory reuse: @b)`, or nothing for a partition that waits for none. */
export function afterText(p: PartitionInfo): string {
  if (!p.dependsOn.length) return '';
  const reuse = p.reuseDependsOn.length ? ` (memory reuse: ${p.reuseDependsOn.map((d) => `@${d}`).join(', ')})` : '';
  return ` after ${p.dependsOn.map((d) => `@${d}`).join(', ')}${reuse}`;
}

/** ` after [1, 4] (memory reuse: [4])`, or nothing for a step that waits for none. */
export function stepAfterText(d: StepDependencies): string {
  if (!d.dependsOn.length) return '';
  return ` after [${d.dependsOn.join(', ')}]${d.reuseDependsOn.length ? ` (memory reuse: [${d.reuseDependsOn.join(', ')}])` : ''}`;
}

export function planText(s: CompileState): string {
  const plan = s.plan!;
  const rows = [...plan.tensors].sort((a, b) => a.writer - b.writer).map((t) =>
    `${t.id.padEnd(14)} ${String(t.bytes).padStart(10)} B  arena ${t.arena} offset ${String(t.offset).padStart(10)}  live [${t.start}, ${t.end}]${t.inPlace ? `  in place of ${t.inPlaceOf}` : ''}`);
  const deps = plan.implicitDependencies.map((d) => `implicit dependency: step ${d.before} before step ${d.after} (${d.tensor} overwrites ${d.overwrites})`);
  const arenas = `arenas=${plan.arenaSetting} [${plan.arenas.join(', ')}]`;
  return [...rows, ...deps, `scratch_bytes=${plan.scratchBytes} lower_bound=${plan.lowerBound} naive=${plan.naiveBytes} ${arenas} implicit_dependencies=${plan.implicitDependencies.length}`].join('\n') + '\n';
}
