// App shell: the WebGPU status line, the demo model library, and a live parse → verify → print view of CGC IR.
// Every string from a model, the parser or the GPU reaches the page through textContent only.
import { formatDiagnostic, parseModule, printModule, type Diagnostic, type PrintForm } from '../ir';
import { describeAdapter, openDevice, type AdapterSummary } from '../runtime/device';

interface DemoModel {
  readonly title: string;
  readonly file: string;
}

// The models in public/models/. Vite serves that folder as-is and cannot list it, so they are named here.
const DEMO_MODELS: readonly DemoModel[] = [
  { title: 'Spec example: conv → relu → add ×2 → upsample', file: 'spec-7layer.mlir' },
];

const REPARSE_DELAY_MS = 150;

function byId<T extends HTMLElement>(id: string, kind: abstract new () => T): T {
  const el = document.getElementById(id);
  if (!(el instanceof kind)) throw new Error(`index.html has no <${kind.name}> #${id}`);
  return el;
}

const ui = {
  status: byId('gpu-status', HTMLElement),
  picker: byId('model-picker', HTMLSelectElement),
  input: byId('ir-input', HTMLTextAreaElement),
  output: byId('ir-output', HTMLPreElement),
  diagnostics: byId('diagnostics', HTMLUListElement),
  formRadios: [...document.querySelectorAll<HTMLInputElement>('input[name="form"]')],
};

let currentFile = 'input.mlir';

function setStatus(text: string, state: 'ok' | 'error' | 'pending'): void {
  ui.status.textContent = text;
  ui.status.dataset.state = state;
}

function statusLine(info: AdapterSummary): string {
  const features = info.features.length > 0 ? info.features.join(', ') : 'none';
  return `WebGPU: ${describeAdapter(info)} (features: ${features})`;
}

async function showGpuStatus(): Promise<void> {
  try {
    const { info } = await openDevice({
      onError: (e) => {
        const what = e.kind === 'lost' ? 'device lost' : `${e.kind} error`;
        setStatus(`WebGPU ${what}: ${e.message}`, 'error');
      },
    });
    setStatus(statusLine(info), 'ok');
  } catch (e) {
    setStatus(`WebGPU unavailable: ${e instanceof Error ? e.message : String(e)}`, 'error');
  }
}

function selectedForm(): PrintForm {
  return ui.formRadios.find((r) => r.checked)?.value === 'generic' ? 'generic' : 'pretty';
}

function showDiagnostics(diagnostics: readonly Diagnostic[]): void {
  ui.diagnostics.replaceChildren(
    ...diagnostics.map((d) => {
      const item = document.createElement('li');
      item.className = `diagnostic ${d.severity}`;
      item.textContent = formatDiagnostic(d);
      return item;
    }),
  );
}

function render(): void {
  const { module, diagnostics } = parseModule(ui.input.value, { file: currentFile });
  const failed = !module || diagnostics.some((d) => d.severity === 'error');
  let printed = '';
  const shown = [...diagnostics];
  if (module && !failed) {
    try {
      printed = printModule(module, { form: selectedForm() });
    } catch (e) {
      shown.push({ severity: 'error', message: `printer failed: ${e instanceof Error ? e.message : String(e)}` });
    }
  }
  ui.output.textContent = printed;
  ui.output.dataset.state = printed ? 'ok' : 'error';
  showDiagnostics(shown);
}

let pendingRender: ReturnType<typeof setTimeout> | undefined;

function scheduleRender(): void {
  clearTimeout(pendingRender);
  pendingRender = setTimeout(render, REPARSE_DELAY_MS);
}

let loadToken = 0;

async function loadModel(model: DemoModel): Promise<void> {
  const token = ++loadToken;
  try {
    const response = await fetch(`${import.meta.env.BASE_URL}models/${model.file}`);
    if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`);
    const text = await response.text();
    if (token !== loadToken) return; // a later pick won
    currentFile = model.file;
    ui.input.value = text;
    clearTimeout(pendingRender);
    render();
  } catch (e) {
    if (token !== loadToken) return;
    ui.output.textContent = '';
    const reason = e instanceof Error ? e.message : String(e);
    showDiagnostics([{ severity: 'error', message: `could not load model '${model.file}': ${reason}` }]);
  }
}

function fillPicker(): void {
  ui.picker.replaceChildren(
    ...DEMO_MODELS.map((m, i) => {
      const option = document.createElement('option');
      option.value = String(i);
      option.textContent = `${m.file} — ${m.title}`;
      return option;
    }),
  );
}

function start(): void {
  fillPicker();
  ui.picker.addEventListener('change', () => {
    const model = DEMO_MODELS[Number(ui.picker.value)];
    if (model) void loadModel(model);
  });
  ui.input.addEventListener('input', scheduleRender);
  for (const radio of ui.formRadios) radio.addEventListener('change', render);
  void showGpuStatus();
  const first = DEMO_MODELS[0];
  if (first) void loadModel(first);
}

start();
