// What a pane writes before the host's serialised screen when it is resynchronised (registry.ts). The screen is
// meant for a terminal in its initial state, which a full reset (RIS, ESC c) gives; but RIS in the browser also
// rebuilds xterm's row elements and re-measures its cell size, a ~10-25 ms task in a Chromium trace of a flooded
// pane, ~5 times a second. When the pane is on the normal screen with every mode at its default — the case of a
// flood — a lighter sequence leaves the same state as RIS for what the screen shows: colours, scroll region,
// character set, screen and scrollback cleared, cursor home (xterm's RIS keeps a hidden cursor hidden; so does this).
// Any other state gets RIS. Pure.

/** The modes xterm reports (Terminal.modes), all of which the host's screen sets again when not at default. */
export interface PaneModes {
  applicationCursorKeysMode: boolean;
  applicationKeypadMode: boolean;
  bracketedPasteMode: boolean;
  insertMode: boolean;
  mouseTrackingMode: string;
  originMode: boolean;
  reverseWraparoundMode: boolean;
  sendFocusMode: boolean;
  wraparoundMode: boolean;
}

/** Full reset. */
export const FULL_RESET = '\x1bc';

/** SGR reset, full-screen scroll region, G0 = ASCII selected, screen and scrollback erased, cursor home. */
export const LIGHT_RESET = '\x1b[0m\x1b[r\x1b(B\x0f\x1b[2J\x1b[3J\x1b[H';

/** The reset to write before a resync screen, given the pane's active buffer and modes. */
export function resyncReset(buffer: 'normal' | 'alternate', m: PaneModes): string {
  const defaults =
    buffer === 'normal' &&
    !m.applicationCursorKeysMode &&
    !m.applicationKeypadMode &&
    !m.bracketedPasteMode &&
    !m.insertMode &&
    m.mouseTrackingMode === 'none' &&
    !m.originMode &&
    !m.reverseWraparoundMode &&
    !m.sendFocusMode &&
    m.wraparoundMode;
  return defaults ? LIGHT_RESET : FULL_RESET;
}
