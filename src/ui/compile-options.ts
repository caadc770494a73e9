// The compile options on the page: granularity, fusion on/off, which targets are enabled, and the
// resource limits (limits-form.ts). Fusion off drops the fused `webgpu` target, leaving the per-op
// fallback and the CPU reference; at least one target stays enabled. Changing any of them calls
// `onChange` (the app recompiles). A link may name a target this page has no box for: it is kept and
// passed on, and the compile says whether it exists.
import type { ResourceLimits } from '../ir/limits';
import { byId } from './dom';
import { LimitsForm } from './limits-form';
import { DEFAULT_GRANULARITY, type Granularity, isGranularity } from '../core';

export interface CompileOptions {
  readonly granularity: Granularity;
  readonly fusion: boolean;
  /** The targets checked (before fusion off removes `webgpu`). */
  readonly targets: readonly string[];
  /** Resource limits that differ from the defaults. */
  readonly limits?: Partial<ResourceLimits>;
}

export class CompileOptionsForm {
  private readonly granularity = byId('granularity', HTMLSelectElement);
  private readonly fusion = byId('opt-fusion', HTMLInputElement);
  private readonly boxes = [...document.querySelectorAll<HTMLInputElement>('input[name="target"]')];
  private readonly limits: LimitsForm;
  /** Targets a link named that have no box here. */
  private extra: string[] = [];

  constructor(onChange: () => void, onRefused: (why: string) => void) {
    this.limits = new LimitsForm(onChange, onRefused);
    if (!isGranularity(this.granularity.value)) this.granularity.value = DEFAULT_GRANULARITY;
    this.granularity.addEventListener('change', onChange);
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
    this.fusion.addEventListener('change', () => changed(this.fusion));
    for (const box of this.boxes) box.addEventListener('change', () => changed(box));
    this.sync();
  }

  get value(): CompileOptions {
    return {
      granularity: this.granularity.value as Granularity,
      fusion: this.fusion.checked,
      targets: [...this.boxes.filter((b) => b.checked).map((b) => b.value), ...this.extra],
      limits: this.limits.value,
    };
  }

  /** The target names the compiler gets: the checked ones, less `webgpu` when fusion is off. */
  effectiveTargets(): string[] {
    const o = this.value;
    return o.targets.filter((t) => o.fusion || t !== 'webgpu');
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
    if (o.fusion !== undefined) this.fusion.checked = o.fusion;
    if (o.targets) {
      for (const b of this.boxes) b.checked = o.targets.includes(b.value);
      this.extra = o.targets.filter((t) => !this.allTargets.includes(t));
    }
    if (o.limits) this.limits.set(o.limits);
    if (!this.effectiveTargets().length) for (const b of this.boxes) b.checked = true;
    this.sync();
  }

  private sync(): void {
    const webgpu = this.boxes.find((b) => b.value === 'webgpu')!;
    webgpu.disabled = !this.fusion.checked;
    webgpu.parentElement!.title = this.fusion.checked ? '' : 'fusion is off: the fused webgpu target is not used';
  }
}
