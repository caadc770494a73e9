// The Source view: the model's CGC IR, editable, parsed → verified → printed live in the pretty or
// generic form with diagnostics (file:line:col). Constant types come from the model's weights file,
// as the compile worker read it: the page never parses a weights file.
import { type Diagnostic, type ShapedType, formatDiagnostic, parseModule, printModule, type PrintForm } from '../ir';
import { byId } from './dom';
import type { ConstantTypes } from './sources';

const REPARSE_DELAY_MS = 150;
/** Past this size, parsing on every keystroke would stall the page; the compile worker reports instead. */
const LIVE_LIMIT_CHARS = 200_000;

export class SourceEditor {
  readonly input = byId('ir-input', HTMLTextAreaElement);
  private readonly output = byId('ir-output', HTMLPreElement);
  private readonly diagnostics = byId('diagnostics', HTMLUListElement);
  private readonly formRadios = [...document.querySelectorAll<HTMLInputElement>('input[name="form"]')];
  private file = 'input.mlir';
  private types: ConstantTypes | undefined;
  private pending: ReturnType<typeof setTimeout> | undefined;

  /** `onEdit` runs when the user changes the text (not when a model is loaded into it). */
  constructor(onEdit: () => void) {
    this.input.addEventListener('input', () => {
      clearTimeout(this.pending);
      this.pending = setTimeout(() => this.render(), REPARSE_DELAY_MS);
      onEdit();
    });
    for (const radio of this.formRadios) radio.addEventListener('change', () => this.render());
  }

  get text(): string {
    return this.input.value;
  }

  get constantTypes(): ConstantTypes | undefined {
    return this.types;
  }

  get fileName(): string {
    return this.file;
  }

  /** Shows `text` as the model's source, parsed with the weights' constant types. */
  set(text: string, file: string, types?: ConstantTypes): void {
    this.file = file;
    this.types = types;
    this.input.value = text;
    clearTimeout(this.pending);
    this.render();
  }

  /** The weights' constant types arrived (from the compile worker): parse the text again with them. */
  setTypes(types: ConstantTypes): void {
    this.types = types;
    this.render();
  }

  showError(message: string): void {
    this.output.textContent = '';
    this.showDiagnostics([{ severity: 'error', message }]);
  }

  private form(): PrintForm {
    return this.formRadios.find((r) => r.checked)?.value === 'generic' ? 'generic' : 'pretty';
  }

  private render(): void {
    if (this.input.value.length > LIVE_LIMIT_CHARS) {
      this.output.textContent = '';
      this.output.dataset.state = 'error';
      this.showDiagnostics([{ severity: 'note', message: `${this.file}: ${this.input.value.length.toLocaleString('en-US')} characters, too large to reprint live; compile to check it (the IR view shows the printed module)` }]);
      return;
    }
    const types = this.types;
    const constantTypes = types ? (name: string): ShapedType | undefined => {
      const t = types.get(name);
      return t && { kind: 'tensor', shape: t.shape, element: t.element, constant: true };
    } : undefined;
    const { module, diagnostics } = parseModule(this.input.value, { file: this.file, ...(constantTypes ? { constantTypes } : {}) });
    const failed = !module || diagnostics.some((d) => d.severity === 'error');
    let printed = '';
    const shown = [...diagnostics];
    if (module && !failed) {
      try {
        printed = printModule(module, { form: this.form() });
      } catch (e) {
        shown.push({ severity: 'error', message: `printer failed: ${e instanceof Error ? e.message : String(e)}` });
      }
    }
    this.output.textContent = printed;
    this.output.dataset.state = printed ? 'ok' : 'error';
    this.showDiagnostics(shown);
  }

  private showDiagnostics(diagnostics: readonly Diagnostic[]): void {
    this.diagnostics.replaceChildren(...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = `diagnostic ${d.severity}`;
      item.textContent = formatDiagnostic(d);
      return item;
    }));
  }
}
