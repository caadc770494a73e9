// The colour theme: 'system' follows the browser's prefers-color-scheme, 'light' and 'dark' pin it.
// The toolbar's choice is remembered in localStorage; the CSS reads the resolved theme from
// <html data-theme>, so every view (and the graph, drawn with the same CSS variables) follows.
export const THEMES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEMES)[number];

const STORAGE_KEY = 'cgc.theme';

function stored(): ThemeChoice {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return (THEMES as readonly string[]).includes(v ?? '') ? (v as ThemeChoice) : 'system';
  } catch {
    return 'system'; // storage blocked (private mode, sandboxed frame)
  }
}

export class ThemeSwitch {
  private readonly dark = matchMedia('(prefers-color-scheme: dark)');
  private choice: ThemeChoice = stored();

  constructor(private readonly select: HTMLSelectElement) {
    select.value = this.choice;
    select.addEventListener('change', () => this.set(select.value as ThemeChoice));
    this.dark.addEventListener('change', () => this.apply());
    this.apply();
  }

  set(choice: ThemeChoice): void {
    this.choice = choice;
    this.select.value = choice;
    try {
      if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
      else localStorage.setItem(STORAGE_KEY, choice);
    } catch {
      // not remembered: the choice holds for this page only
    }
    this.apply();
  }

  private apply(): void {
    const resolved = this.choice === 'system' ? (this.dark.matches ? 'dark' : 'light') : this.choice;
    document.documentElement.dataset.theme = resolved;
    document.documentElement.dataset.themeChoice = this.choice;
  }
}
