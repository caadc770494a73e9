// Share links: the state the URL hash keeps (model, view, node, options, IR carried in the link),
// kept in sync with the page, opened from a followed or edited link, and copied by Share / Share IR.
import { type AppState, type Load, ui } from './app-state';
import type { CompileOptionsForm } from './compile-options';
import { errorText, h } from './dom';
import type { GraphView } from './graph-view';
import { type ShareState, type View, formatShareHash, parseShareHash } from './share';
import { packSource, unpackSource } from './share-source';
import type { SourceEditor } from './source-editor';
import { DEMO_MODELS, demoUrl, sourceFromUrl } from './sources';

export interface LinkDeps {
  readonly app: AppState;
  readonly graph: GraphView;
  readonly options: CompileOptionsForm;
  readonly editor: SourceEditor;
  readonly setView: (view: View) => void;
  readonly load: Load;
  readonly loadDemo: (file: string, switchView: boolean) => Promise<void>;
}

export class Links {
  private readonly demoNames = new Set(DEMO_MODELS.map((m) => m.file));

  constructor(private readonly deps: LinkDeps) {}

  private shareState(): ShareState {
    const { app, graph, options } = this.deps;
    const node = graph.selected !== undefined ? app.model?.nodes[graph.selected]?.id : app.pendingNode;
    const o = options.value;
    return {
      ...(app.ref ? { model: app.ref } : {}), view: app.view, ...(node ? { node } : {}),
      granularity: o.granularity, ir: app.irChoice, ...(o.fusion ? {} : { fusion: false }), targets: o.targets,
      ...(app.linkSource && !app.edited ? app.linkSource : {}),
    };
  }

  syncHash(): void {
    const hash = formatShareHash(this.shareState());
    if (hash !== location.hash) history.replaceState(null, '', `${location.pathname}${location.search}${hash}`);
  }

  private linkError(error: string): false {
    ui.shareError.replaceChildren(h('strong', {}, 'This link could not be opened: '), error, '. Showing the default view instead.');
    ui.shareError.hidden = false;
    this.deps.setView('graph');
    return false;
  }

  /** Opens the link's state; false when it names no model (the caller loads the default). */
  async applyHash(): Promise<boolean> {
    const { app, options, setView, load, loadDemo } = this.deps;
    const parsed = parseShareHash(location.hash, this.demoNames);
    if (!parsed.ok) return this.linkError(parsed.error);
    ui.shareError.hidden = true;
    const st = parsed.state;
    let text: string | undefined;
    if (st.src) {
      try { text = await unpackSource(st.src); } catch (e) { return this.linkError(errorText(e)); }
    }
    options.set({ ...(st.granularity ? { granularity: st.granularity } : {}), ...(st.fusion !== undefined ? { fusion: st.fusion } : {}), ...(st.targets ? { targets: st.targets } : {}) });
    if (st.ir) app.irChoice = st.ir;
    app.pendingNode = st.node;
    setView(st.view ?? 'graph');
    const model = st.model;
    if (text !== undefined) {
      // IR from the link: a demo named beside it lends its weights (an edited demo); the text replaces the demo's.
      const demo = model?.kind === 'demo' ? DEMO_MODELS.find((m) => m.file === model.name) : undefined;
      const name = st.name ?? demo?.file ?? 'linked.mlir';
      const linked = text;
      void load(async () => {
        const base = demo ? await sourceFromUrl(demoUrl(demo.file), demo.weights ? demoUrl(demo.weights) : undefined) : undefined;
        return base?.kind === 'text' ? { ...base, name, text: linked } : { kind: 'text', name, text: linked };
      }, demo ? { kind: 'demo', name: demo.file } : undefined, `${name} (from the link)`, false, { link: { src: st.src!, name } });
      return true;
    }
    if (model?.kind === 'demo') {
      ui.picker.value = model.name;
      void loadDemo(model.name, false);
      return true;
    }
    if (model?.kind === 'url') {
      // Never fetch from a link by itself: the user sees the URL and clicks Load.
      ui.urlInput.value = model.url;
      ui.shareStatus.textContent = 'The link names a model URL: check it and press Load.';
      ui.urlMenu.open = true;
      return true;
    }
    return false;
  }

  /** Share: copies the page's link (the view only, for local files). */
  copyLink(): void {
    this.syncHash();
    const note = this.deps.app.ref ? '' : ' (local files cannot travel in a link: it keeps the view only)';
    navigator.clipboard.writeText(location.href).then(
      () => { ui.shareStatus.textContent = `link copied${note}`; },
      () => { ui.shareStatus.textContent = `copy this link${note}: ${location.href}`; });
  }

  /** Puts the model's IR text into the link (the edited text, or a loaded .mlir's) when it packs small enough. */
  async copyIrLink(): Promise<void> {
    const { app, editor } = this.deps;
    const text = app.edited || app.source?.kind === 'text' ? editor.text : undefined;
    const src = text !== undefined ? await packSource(text) : undefined;
    if (!src) {
      ui.shareStatus.textContent = text === undefined
        ? 'only IR text can travel in a link (this model is ONNX or bytecode): the link keeps the view only'
        : 'this IR is over 16 KiB compressed: the link keeps the view only';
      this.syncHash();
      return;
    }
    app.linkSource = { src, name: editor.fileName.replace(/ \(imported\)$/, '') };
    app.edited = false;
    this.syncHash();
    navigator.clipboard.writeText(location.href).then(
      () => { ui.shareStatus.textContent = `link with the IR copied (${src.length.toLocaleString('en-US')} characters)`; },
      () => { ui.shareStatus.textContent = 'the browser refused the clipboard: copy the page URL, it carries the IR'; });
  }
}
