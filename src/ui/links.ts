// Share links: the state the URL hash keeps (model, view, node, options, the last Run's settings, a
// small model carried in the link), kept in sync with the page, opened from a followed, edited or
// reloaded link, and copied by Copy share link / Copy link. A model from files travels inside the
// link when it packs small enough, else as its identity: the recipient is asked for that exact file
// and a different one is refused. Another model is never shown in its place.
import { type AppState, type Load, ui } from './app-state';
import type { CompileOptionsForm } from './compile-options';
import { errorText, h } from './dom';
import type { GraphView } from './graph-view';
import type { ModelCache } from './model-cache';
import { checkFile, describeFile, fileRefOf, packModel, sameFile, whatToDrop } from './model-identity';
import { type FileRef, type ModelRef, type RunSettings, type ShareState, type View, formatShareHash, parseShareHash } from './share';
import { packSource, unpackOnnx, unpackSource } from './share-source';
import type { SourceEditor } from './source-editor';
import { DEMO_MODELS, type ModelSource, demoUrl, sourceFromUrl } from './sources';

/** The Run settings a link carries: the last Run of this compile, and offering the sender's to the recipient. */
export interface RunLink {
  lastRun(): RunSettings | undefined;
  offer(settings: RunSettings | undefined): void;
}

export interface LinkDeps {
  readonly app: AppState;
  readonly graph: GraphView;
  readonly options: CompileOptionsForm;
  readonly editor: SourceEditor;
  readonly run: RunLink;
  readonly setView: (view: View) => void;
  readonly load: Load;
  readonly loadDemo: (file: string, switchView: boolean) => Promise<void>;
  readonly cache: ModelCache;
}

export class Links {
  private readonly demoNames = new Set(DEMO_MODELS.map((m) => m.file));
  /** The file a followed link shows, until the user drops it (or picks another model). */
  private expected: FileRef | undefined;
  private readonly wanted = h('div', { class: 'notice-panel', 'data-testid': 'share-expect', role: 'status' });

  constructor(private readonly deps: LinkDeps) {
    this.wanted.hidden = true;
    ui.shareError.after(this.wanted);
  }

  private shareState(): ShareState {
    const { app, graph, options, run } = this.deps;
    const node = graph.selected !== undefined ? app.model?.nodes[graph.selected]?.id : app.pendingNode;
    const o = options.value;
    const model = app.ref ?? this.expected;
    const lastRun = run.lastRun();
    return {
      ...(model ? { model } : {}), view: app.view, ...(node ? { node } : {}),
      granularity: o.granularity, ir: app.irChoice, ...(o.fusion ? {} : { fusion: false }),
      ...(options.allTargetsChecked() ? {} : { targets: o.targets }),
      ...(lastRun ? { run: lastRun } : {}),
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

  private ask(file: FileRef, refused?: string): void {
    this.wanted.replaceChildren(
      h('strong', {}, `This link shows ${describeFile(file)}. `), `Drop ${whatToDrop(file)} (or open ${file.with?.length ? 'them' : 'it'} with Open files…) to see it with the sender's view and options. `,
      h('span', { class: 'muted' }, `Its full sha256: ${file.sha256}.`),
      ...(refused ? [h('p', { class: 'refused', 'data-testid': 'share-refused' }, `Refused: ${refused}.`)] : []));
    this.wanted.hidden = false;
  }

  private stopExpecting(): void {
    this.expected = undefined;
    this.wanted.hidden = true;
  }

  /**
   * A model was read: `ref` is its identity (a file's, or a demo's or URL's). True when it is the file
   * the followed link asked for (the link's view is kept); throws WrongFileError, naming both hashes,
   * for a different file. Any other model the user picks ends the wait.
   */
  admit(ref: ModelRef | undefined, fromFiles: boolean): boolean {
    const want = this.expected;
    if (!want) return false;
    if (!fromFiles) {
      this.stopExpecting();
      return false;
    }
    try {
      if (ref?.kind !== 'file') throw new Error(`this page cannot compute SHA-256 (it needs https or localhost), so ${want.name} cannot be checked`);
      checkFile(want, ref);
    } catch (e) {
      this.ask(want, errorText(e));
      throw e;
    }
    this.stopExpecting();
    return true;
  }

  /** Opens the link's state; false when it names no model (the caller loads the default). */
  async applyHash(): Promise<boolean> {
    const { app, options, setView, load, loadDemo, run } = this.deps;
    const parsed = parseShareHash(location.hash, this.demoNames);
    this.stopExpecting();
    if (!parsed.ok) return this.linkError(parsed.error);
    ui.shareError.hidden = true;
    const st = parsed.state;
    const onnx = st.src !== undefined && /\.onnx$/i.test(st.name ?? '');
    let linked: ModelSource | undefined;
    if (st.src) {
      try {
        linked = onnx
          ? { kind: 'onnx', name: st.name!, bytes: await unpackOnnx(st.src), externalFiles: {} }
          : { kind: 'text', name: st.name ?? 'linked.mlir', text: await unpackSource(st.src) };
      } catch (e) { return this.linkError(errorText(e)); }
    }
    // The hash is the whole state: what it leaves out is the default (the browser may have restored the form on reload).
    options.set({ granularity: st.granularity ?? 'coarse', fusion: st.fusion ?? true, targets: st.targets ?? options.allTargets });
    app.irChoice = st.ir ?? 'input';
    app.pendingNode = st.node;
    run.offer(st.run);
    setView(st.view ?? 'graph');
    const model = st.model;
    if (linked) {
      // IR from the link: a demo named beside it lends its weights (an edited demo); the text replaces the demo's.
      const demo = model?.kind === 'demo' ? DEMO_MODELS.find((m) => m.file === model.name) : undefined;
      const name = linked.kind === 'text' && !st.name && demo ? demo.file : linked.name;
      const source = linked;
      void load(async (control) => {
        const base = demo ? await sourceFromUrl(demoUrl(demo.file), demo.weights ? demoUrl(demo.weights) : undefined, control, options.value.limits) : undefined;
        return base?.kind === 'text' && source.kind === 'text' ? { ...base, name, text: source.text } : { ...source, name };
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
    if (model?.kind === 'file') {
      const last = await this.deps.cache.lastModel();
      const lastRef = last && (last.ref ?? await fileRefOf(last.source));
      if (last && lastRef && sameFile(lastRef, model)) {
        if (last.options.limits) options.set({ limits: last.options.limits });
        void load(() => Promise.resolve(last.source), lastRef, `${last.source.name} (cached)`, false, { cacheable: true });
      } else {
        this.expected = model;
        this.ask(model);
      }
      return true;
    }
    return false;
  }

  private copy(url: string, note: string): void {
    navigator.clipboard.writeText(url).then(
      () => { ui.shareStatus.textContent = `link copied: ${note}`; },
      () => { ui.shareStatus.textContent = `copy this link (${note}): ${url}`; });
  }

  /**
   * Copy share link: the page's state, with the model as a demo name or URL, inside the link when it
   * is a small model from files, else as its identity (the recipient is asked for that file).
   */
  async copyLink(): Promise<void> {
    const { app } = this.deps;
    this.syncHash();
    const ref = app.ref;
    if (app.edited) return this.copyIrLink();
    if (ref?.kind !== 'file' || !app.source) {
      const note = app.linkSource ? 'the model travels inside it' : ref ? 'it names the model and the view' : 'this model cannot travel in a link: it keeps the view only';
      this.copy(location.href, note);
      return;
    }
    const src = await packModel(app.source);
    if (!src) {
      this.copy(location.href, `too large to travel inside it, it names ${describeFile(ref)}: the recipient is asked for that file`);
      return;
    }
    const { model: _model, ...state } = this.shareState();
    const url = `${location.origin}${location.pathname}${location.search}${formatShareHash({ ...state, src, name: app.source.name })}`;
    this.copy(url, `the model travels inside it (${src.length.toLocaleString('en-US')} characters)`);
  }

  /** Copy link: puts the model itself into the link (the edited IR text, or a small model's file) when it packs small enough. */
  async copyIrLink(): Promise<void> {
    const { app, editor } = this.deps;
    if (!app.edited && app.source?.kind !== 'text') return this.copyLink();
    const src = await packSource(editor.text);
    if (!src) {
      ui.shareStatus.textContent = 'this IR is over 64 KiB compressed: the link keeps the view only';
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
