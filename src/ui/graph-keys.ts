// The graph view's keyboard map, as data: the view dispatches on it and the help lists it.

export type GraphAction = 'zoom-in' | 'zoom-out' | 'reset' | 'fit' | 'down' | 'up' | 'left' | 'right' | 'search' | 'clear' | 'centre' | 'collapse' | 'region';

export interface GraphKey {
  /** `KeyboardEvent.key` values. */
  readonly keys: readonly string[];
  /** How the help writes the keys. */
  readonly label: string;
  readonly action: GraphAction;
  readonly what: string;
}

export const GRAPH_KEYS: readonly GraphKey[] = [
  { keys: ['+', '='], label: '+', action: 'zoom-in', what: 'zoom in' },
  { keys: ['-', '_'], label: '−', action: 'zoom-out', what: 'zoom out' },
  { keys: ['0'], label: '0', action: 'reset', what: 'reset the zoom to 100 %' },
  { keys: ['f', 'F'], label: 'F', action: 'fit', what: 'fit the width (text stays readable; scroll for the rest)' },
  { keys: ['ArrowDown'], label: '↓', action: 'down', what: 'select the consumer (follow an edge down); pan when nothing is selected' },
  { keys: ['ArrowUp'], label: '↑', action: 'up', what: 'select the producer (follow an edge up); pan when nothing is selected' },
  { keys: ['ArrowLeft'], label: '←', action: 'left', what: 'select the node to the left in the row; pan when nothing is selected' },
  { keys: ['ArrowRight'], label: '→', action: 'right', what: 'select the node to the right in the row; pan when nothing is selected' },
  { keys: ['Enter'], label: 'Enter', action: 'centre', what: 'bring the selected node to the centre (the first node when none is)' },
  { keys: ['c', 'C'], label: 'C', action: 'collapse', what: "collapse or expand the selected node's subgraph" },
  { keys: ['g', 'G'], label: 'G', action: 'region', what: 'open the selected closed region (an If, Loop or Scan, a branch or an iteration), or close the open region the selected node is in' },
  { keys: ['/'], label: '/', action: 'search', what: 'search nodes by value or op' },
  { keys: ['Escape'], label: 'Esc', action: 'clear', what: 'clear the selection' },
];

export function graphAction(key: string): GraphAction | undefined {
  return GRAPH_KEYS.find((k) => k.keys.includes(key))?.action;
}

/** Fills the help's list of keys. */
export function showKeyMap(list: HTMLElement): void {
  list.replaceChildren(...GRAPH_KEYS.map((k) => {
    const li = document.createElement('li');
    const kbd = document.createElement('kbd');
    kbd.textContent = k.label;
    li.append(kbd, ` ${k.what}`);
    return li;
  }));
}
