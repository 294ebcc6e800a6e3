// Settings state (zustand): providers and models (never full keys — the host masks them), default and vision
// model, default approval mode, connection tests, and the theme choice (kept in localStorage, applied to <html>).
import { create } from 'zustand';
import type { ApiApprovalMode, ApiSettings, Params } from '../../../../shared/api.js';
import { call, messageOf } from '../../api/client.js';
import { parseThemeChoice, resolveTheme, type ThemeChoice } from './theme.js';

export interface SettingsState {
  settings: ApiSettings | null;
  error: string | null;
  tests: Record<string, { ok: boolean; message: string } | 'testing'>;
  theme: ThemeChoice;
  load(): Promise<void>;
  addProvider(p: Params<'settings.addProvider'>): Promise<boolean>;
  removeProvider(name: string): Promise<void>;
  /** false (and `error` set) when the host refused the edit */
  updateProvider(p: Params<'settings.updateProvider'>): Promise<boolean>;
  testProvider(name: string, model?: string): Promise<void>;
  update(p: {
    defaultModel?: string | null;
    visionModel?: string | null;
    defaultApprovalMode?: ApiApprovalMode;
  }): Promise<void>;
  setTheme(t: ThemeChoice): void;
}

const THEME_KEY = 'floe.theme';

function storedTheme(): ThemeChoice {
  try {
    return parseThemeChoice(localStorage.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

export function applyTheme(choice: ThemeChoice): void {
  const dark = typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = resolveTheme(choice, dark);
}

export const useSettings = create<SettingsState>((set) => ({
  settings: null,
  error: null,
  tests: {},
  theme: storedTheme(),
  async load() {
    try {
      set({ settings: await call('settings.get', {}), error: null });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },
  async addProvider(p) {
    try {
      set({ settings: await call('settings.addProvider', p), error: null });
      return true;
    } catch (e) {
      set({ error: messageOf(e) });
      return false;
    }
  },
  async updateProvider(p) {
    try {
      set({ settings: await call('settings.updateProvider', p), error: null });
      return true;
    } catch (e) {
      set({ error: messageOf(e) });
      return false;
    }
  },
  async removeProvider(name) {
    try {
      set({ settings: await call('settings.removeProvider', { name }), error: null });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },
  async testProvider(name, model) {
    set((s) => ({ tests: { ...s.tests, [name]: 'testing' } }));
    try {
      const r = await call('settings.testProvider', { name, ...(model ? { model } : {}) });
      set((s) => ({ tests: { ...s.tests, [name]: r } }));
    } catch (e) {
      set((s) => ({ tests: { ...s.tests, [name]: { ok: false, message: messageOf(e) } } }));
    }
  },
  async update(p) {
    try {
      set({ settings: await call('settings.update', p), error: null });
    } catch (e) {
      set({ error: messageOf(e) });
    }
  },
  setTheme(t) {
    try {
      localStorage.setItem(THEME_KEY, t);
    } catch {
      /* private mode */
    }
    applyTheme(t);
    set({ theme: t });
  },
}));
