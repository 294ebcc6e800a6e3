// Renderer entry: applies the theme, boots the API wiring and mounts <App/>. Must not hold logic.
import { createRoot } from 'react-dom/client';
import { App } from './app/App.js';
import { boot } from './app/boot.js';
import { startRouting } from './app/route.js';
import { applyTheme, useSettings } from './features/settings/store.js';
import '@xterm/xterm/css/xterm.css';
import './styles.css';

applyTheme(useSettings.getState().theme);
if (typeof matchMedia === 'function')
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => applyTheme(useSettings.getState().theme));
boot();
void startRouting();
createRoot(document.getElementById('root')!).render(<App />);
