// The xterm terminals of panes, one made ahead in idle time. Making a terminal (its services, its renderer, measuring
// the font) is one task of 20-35 ms in the ui-flood benchmark, and a pane opens when its command first prints: that
// task fell on the frames where a flood starts, beside the tool call's card and the model's next turn. So one
// terminal waits, opened in a parked element off screen (laid out, so xterm can measure its font, and invisible,
// so neither pointer, keyboard nor screen reader reaches it), and the next pane takes it: its element moves into the
// pane, it gets the command's size and the theme of the moment, and another is made when the page is idle again.
// Every terminal made here has the selection-redraw guard (selection-guard.ts).
import { Terminal } from '@xterm/xterm';
import { guardSelectionRedraws } from './selection-guard.js';

const THEMES = {
  dark: { background: '#14161a', foreground: '#d8dde6', cursor: '#d8dde6', selectionBackground: '#3a4a66' },
  light: { background: '#fbfbfc', foreground: '#1d2228', cursor: '#1d2228', selectionBackground: '#c8d7f0' },
};

const isDark = () => document.documentElement.dataset.theme === 'dark';
const themeOf = (dark: boolean) => (dark ? THEMES.dark : THEMES.light);

/** Terminals made ahead and taken by panes (tests and diagnostics). */
const spareStats = { made: 0, taken: 0 };
(globalThis as { __floeSpareStats?: typeof spareStats }).__floeSpareStats = spareStats;

interface Spare {
  term: Terminal;
  parking: HTMLElement;
  dark: boolean;
  guarded: boolean;
}

let spare: Spare | null = null;
let scheduled = false;

/** A terminal opened in `parent`, with the selection-redraw guard (`guarded`: whether it could be installed). */
function openTerminal(parent: HTMLElement, cols: number, rows: number, dark: boolean) {
  const term = new Terminal({
    fontSize: 13,
    scrollback: 5000,
    cols,
    rows,
    theme: themeOf(dark),
    allowProposedApi: false,
  });
  term.open(parent);
  return { term, guarded: guardSelectionRedraws(term) };
}

function makeSpare(): void {
  scheduled = false;
  if (spare || typeof document === 'undefined' || !document.body) return;
  const parking = document.createElement('div');
  parking.className = 'xterm-parking';
  parking.setAttribute('aria-hidden', 'true');
  parking.inert = true;
  document.body.appendChild(parking);
  const dark = isDark();
  spare = { ...openTerminal(parking, 80, 24, dark), parking, dark };
  spareStats.made++;
}

/** Makes a terminal ahead when the page is next idle (once; again after a pane took it). */
export function prepareSpare(): void {
  if (spare || scheduled || typeof window === 'undefined') return;
  scheduled = true;
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(makeSpare, { timeout: 2000 });
  else setTimeout(makeSpare, 200);
}

/**
 * A terminal for a pane, opened in `host` with `cols` × `rows` and the current theme: the one made ahead when
 * there is one, else a new one. `guarded` says whether the selection-redraw guard is on.
 */
export function takeTerminal(host: HTMLElement, cols: number, rows: number): { term: Terminal; guarded: boolean } {
  const dark = isDark();
  const s = spare;
  spare = null;
  prepareSpare();
  if (s?.term.element) {
    host.appendChild(s.term.element);
    s.parking.remove();
    if (s.dark !== dark) s.term.options.theme = themeOf(dark);
    if (s.term.cols !== cols || s.term.rows !== rows) s.term.resize(cols, rows);
    spareStats.taken++;
    return { term: s.term, guarded: s.guarded };
  }
  s?.term.dispose();
  s?.parking.remove();
  return openTerminal(host, cols, rows, dark);
}
