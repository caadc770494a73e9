// The page's frame around the views: the Help dialog (toolbar button and `?`), the keyboard shortcuts
// it lists, the side panel's show/hide toggle, toolbar menus that close on Escape or a click
// elsewhere, and tooltips for the one-line status bar. Nothing here knows about models or compiles.
import { ui } from './app-state';
import { byId } from './dom';
import type { GraphView } from './graph-view';
import type { View } from './share';

export interface ChromeDeps {
  readonly setView: (view: View) => void;
  readonly runButton: HTMLButtonElement;
  readonly graph: GraphView;
}

const VIEW_KEYS: Readonly<Record<string, View>> = { 1: 'source', 2: 'graph', 3: 'memory', 4: 'ir' };

/** Typing in a field (or choosing in a select) is not a shortcut. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function toggleHelp(): void {
  if (ui.help.open) ui.help.close();
  else ui.help.showModal();
}

export function wireChrome({ setView, runButton, graph }: ChromeDeps): void {
  byId('help-open', HTMLButtonElement).addEventListener('click', toggleHelp);
  byId('help-close', HTMLButtonElement).addEventListener('click', () => ui.help.close());
  // A click on the backdrop (outside the dialog's box) closes it.
  ui.help.addEventListener('click', (e) => {
    const r = ui.help.getBoundingClientRect();
    if (e.target === ui.help && (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom)) ui.help.close();
  });

  // The status bar is one line that shortens its items: each keeps its full text as its tooltip.
  for (const item of document.querySelectorAll<HTMLElement>('.statusbar [role="status"]')) {
    new MutationObserver(() => { item.title = item.textContent ?? ''; }).observe(item, { childList: true, characterData: true, subtree: true });
  }

  ui.sideToggle.addEventListener('click', () => {
    const hide = ui.sideToggle.getAttribute('aria-expanded') === 'true';
    ui.sideToggle.setAttribute('aria-expanded', String(!hide));
    ui.workspace.classList.toggle('side-hidden', hide);
  });

  const menus = [...document.querySelectorAll<HTMLDetailsElement>('details.menu')];
  for (const menu of menus) {
    menu.addEventListener('toggle', () => {
      if (menu.open) for (const other of menus) if (other !== menu) other.open = false;
    });
  }
  document.addEventListener('click', (e) => {
    for (const menu of menus) if (menu.open && !menu.contains(e.target as Node)) menu.open = false;
  });

  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      for (const menu of menus) menu.open = false;
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || (ui.help.open && e.key !== '?')) return;
    const view = VIEW_KEYS[e.key];
    if (view) setView(view);
    else if (e.key === '?') toggleHelp();
    else if (e.key === 'r' && !runButton.disabled) runButton.click();
    else if (e.key === 'o') ui.fileInput.click();
    else if (e.key === 'f') { setView('graph'); graph.fit(); }
    else if (e.key === '/') { setView('graph'); ui.search.focus(); }
    else return;
    e.preventDefault();
  });
}
