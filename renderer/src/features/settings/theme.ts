// Pure theme resolution: the person's choice (system/light/dark) and the system preference → the theme applied
// to <html data-theme>. Persisted choice parsing included. No DOM access here.
export type ThemeChoice = 'system' | 'light' | 'dark';

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): 'light' | 'dark' {
  if (choice === 'light' || choice === 'dark') return choice;
  return systemDark ? 'dark' : 'light';
}

export function parseThemeChoice(v: string | null | undefined): ThemeChoice {
  return v === 'light' || v === 'dark' ? v : 'system';
}
