// The Limits section of the compile options: one number field per resource limit (src/ir/limits.ts
// names them, their units and defaults). A model that passes a limit fails to compile with an error
// naming the field that raises it; changing a field recompiles.
import { DEFAULT_LIMITS, LIMITS, type LimitName, type ResourceLimits } from '../ir/limits';
import { byId } from './dom';

const NAMES = Object.keys(LIMITS) as LimitName[];

export class LimitsForm {
  private readonly fields = new Map<LimitName, HTMLInputElement>();

  constructor(onChange: () => void, onRefused: (why: string) => void) {
    const box = byId('limits-fields', HTMLElement);
    for (const name of NAMES) {
      const l = LIMITS[name];
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'number';
      input.min = '0';
      input.step = 'any';
      input.dataset.testid = `limit-${name}`;
      input.value = String(DEFAULT_LIMITS[name] / l.scale);
      input.dataset.last = input.value;
      input.title = `${l.label}; cgc flag ${l.flag}`;
      input.addEventListener('change', () => {
        const v = Number(input.value);
        if (!(v > 0) || !Number.isFinite(v)) {
          input.value = input.dataset.last!;
          onRefused(`${l.setting} must be a positive number`);
          return;
        }
        input.dataset.last = input.value;
        onChange();
      });
      label.append(`${l.setting} `, input);
      box.append(label);
      this.fields.set(name, input);
    }
  }

  /** The limits that differ from the defaults, in the library's units. */
  get value(): Partial<ResourceLimits> {
    const out: Partial<Record<LimitName, number>> = {};
    for (const [name, input] of this.fields) {
      const v = Math.round(Number(input.value) * LIMITS[name].scale);
      if (v > 0 && v !== DEFAULT_LIMITS[name]) out[name] = v;
    }
    return out;
  }

  /** Sets the fields (restored settings); limits not named go back to their defaults. */
  set(limits: Partial<ResourceLimits>): void {
    for (const [name, input] of this.fields) {
      const v = limits[name];
      input.value = String((v !== undefined && v > 0 ? v : DEFAULT_LIMITS[name]) / LIMITS[name].scale);
      input.dataset.last = input.value;
    }
  }
}
