// The compile options on the page: granularity, scratch arenas, fusion on/off, which targets are enabled (the
// default ones, and any opened from target files), and the resource limits (limits-form.ts). Fusion
// off drops the fused `webgpu` target, leaving the per-op fallback and the CPU reference; at least one
// target stays enabled. Changing any of them calls `onChange` (the app recompiles). A link may name a
// target this page has no box for: it is kept and passed on, and the compile says whether it exists.
import type { TargetFileSource } from '../engine/targets';
import type { ResourceLimits } from '../ir/limits';
import { byId, h } from './dom';
import { LimitsForm } from './limits-form';
import { type ArenaSetting, DEFAULT_ARENAS, DEFAULT_GRANULARITY, type Granularity, isArenaSetting, isGranularity } from '../core';

export interface CompileOptions {
  readonly granularity: Granularity;
  /** One scratch arena or one per branch (DEFAULT_ARENAS where not given). */
  readonly arenas?: ArenaSetting;
  readonly fusion: boolean;
  /** The targets checked (before fusion off removes `webgpu`). */
  readonly targets: readonly string[];
  /** Resource limits that differ from the defaults. */
  readonly limits?: Partial<ResourceLimits>;
  /** Target files opened on the page (their targets come first in the targets list). */
  readonly targetFiles?: readonly TargetFileSource[];
}

export class CompileOptionsForm {
  private readonly granularity = byId('granularity', HTMLSelectElement);
  private readonly arenas = byId('arenas', HTMLSelectElement);
  private readonly fusion = byId('opt-fusion', HTMLInputElement);
  private readonly boxes = [...document.querySelectorAll<HTMLInputElement>('input[name="target"]')];
  private readonly limits: LimitsForm;
  /** Targets a link named that have no box here. */
  private extra: string[] = [];
  /** Targets from files, by target name: the file, and its checkbox. */
  private readonly files = new Map<string, { source: TargetFileSource; box: HTMLInputElement }>();
  private readonly changed: (box: HTMLInputElement) => void;

  constructor(onChange: () => void, onRefused: (why: string) => void) {
    this.limits = new LimitsForm(onChange, onRefused);
    if (!isGranularity(this.granularity.value)) this.granularity.value = DEFAULT_GRANULARITY;
    this.granularity.addEventListener('change', onChange);
    if (!isArenaSetting(this.arenas.value)) this.arenas.value = DEFAULT_ARENAS;
    this.arenas.addEventListener('change', onChange);
    const changed = (box: HTMLInputElement) => {
      if (!this.effectiveTargets().length) {
        box.checked = !box.checked;
        onRefused('at least one target must stay enabled');
        return;
      }
      this.extra = []; // a target the page has no box for goes once the user picks targets here
      this.sync();
      onChange();
    };
    this.changed = changed;
    this.fusion.addEventListener('change', () => changed(this.fusion));
    for (const box of this.boxes) box.addEventListener('change', () => changed(box));
    this.sync();
  }

  get value(): CompileOptions {
    return {
      granularity: this.granularity.value as Granularity,
      arenas: this.arenas.value as ArenaSetting,
      fusion: this.fusion.checked,
      targets: [...this.boxes.filter((b) => b.checked).map((b) => b.value), ...this.extra],
      limits: this.limits.value,
      // Only the checked files travel: an unchecked one (a malformed one, say) is not read at all.
      ...(this.checkedFiles().length ? { targetFiles: this.checkedFiles().map((f) => f.source) } : {}),
    };
  }

  /** The target names the compiler gets: the checked file targets, then the checked default ones, less `webgpu` when fusion is off. */
  effectiveTargets(): string[] {
    const o = this.value;
    return [...this.checkedFiles().map((f) => f.box.value), ...o.targets.filter((t) => o.fusion || t !== 'webgpu')];
  }

  private checkedFiles() {
    return [...this.files.values()].filter((f) => f.box.checked);
  }

  /**
   * Adds a target file's target to the list, checked, ahead of the default targets (a file of a
   * name already listed replaces it). `name` is the target's, from the file; the worker reads the
   * file again and reports its problems.
   */
  addTargetFile(source: TargetFileSource): void {
    const name = /"name"\s*:\s*"([a-z][a-z0-9-]{0,63})"/.exec(source.text)?.[1] ?? source.fileName;
    const known = this.files.get(name);
    if (known) {
      known.source = source;
      known.box.checked = true;
      return;
    }
    const box = h('input', { type: 'checkbox', name: 'target-file', value: name, 'data-testid': `target-${name}` });
    box.checked = true;
    box.addEventListener('change', () => this.changed(box));
    const legend = document.querySelector('fieldset.targets legend');
    if (!legend) throw new Error('index.html has no fieldset.targets with a legend');
    legend.after(h('label', { title: `from ${source.fileName}` }, box, ` ${name} (file)`));
    this.files.set(name, { source, box });
  }

  /** Every target this page has a box for. */
  get allTargets(): string[] {
    return this.boxes.map((b) => b.value);
  }

  allTargetsChecked(): boolean {
    return !this.extra.length && this.boxes.every((b) => b.checked);
  }

  /** Sets the form (from a share link or the cache); targets not named are unchecked. */
  set(o: Partial<CompileOptions>): void {
    if (o.granularity) this.granularity.value = o.granularity;
    if (o.arenas) this.arenas.value = o.arenas;
    if (o.fusion !== undefined) this.fusion.checked = o.fusion;
    if (o.targets) {
      for (const b of this.boxes) b.checked = o.targets.includes(b.value);
      this.extra = o.targets.filter((t) => !this.allTargets.includes(t));
    }
    if (o.limits) this.limits.set(o.limits);
    for (const f of o.targetFiles ?? []) this.addTargetFile(f);
    if (!this.effectiveTargets().length) for (const b of this.boxes) b.checked = true;
    this.sync();
  }

  private sync(): void {
    const webgpu = this.boxes.find((b) => b.value === 'webgpu')!;
    webgpu.disabled = !this.fusion.checked;
    webgpu.parentElement!.title = this.fusion.checked ? '' : 'fusion is off: the fused webgpu target is not used';
  }
}
