// The reset a pane writes before a resync screen (renderer/src/features/terminal/resync.ts): in the plain state the
// light reset plus the host's serialised screen must leave a terminal exactly as a full reset plus the same screen
// does (checked on @xterm/headless, which shares xterm's parser and buffer); in any other state a full reset is used.
import { SerializeAddon } from '@xterm/addon-serialize';
import xtermHeadless from '@xterm/headless';
import type { Terminal as HeadlessTerminal } from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import { FULL_RESET, LIGHT_RESET, resyncReset } from '../../../renderer/src/features/terminal/resync.js';

const { Terminal } = xtermHeadless;
const COLS = 40;
const ROWS = 8;

const term = (): HeadlessTerminal => new Terminal({ cols: COLS, rows: ROWS, scrollback: 100, allowProposedApi: true });
const write = (t: HeadlessTerminal, s: string) => new Promise<void>((r) => t.write(s, r));

async function state(t: HeadlessTerminal) {
  const s = new SerializeAddon();
  t.loadAddon(s as never);
  const b = t.buffer.active;
  const lines: string[] = [];
  for (let y = 0; y < b.length; y++) lines.push(b.getLine(y)?.translateToString(true) ?? '');
  // xterm has no public flag for a hidden cursor (DECTCEM): read its core's
  const core = (t as unknown as { _core: { coreService: { isCursorHidden: boolean } } })._core;
  const hidden = core.coreService.isCursorHidden;
  return { screen: s.serialize({ scrollback: 100 }), lines, x: b.cursorX, y: b.cursorY, base: b.baseY, hidden };
}

/** A host's screen: coloured text, a wrapped long line, box letters that a DEC graphics set would change; or a
 * short one that covers only the top rows. */
async function hostScreen(short = false): Promise<string> {
  const h = term();
  const s = new SerializeAddon();
  h.loadAddon(s as never);
  let text = '';
  if (short) text = 'qq done\r\n$ ';
  else {
    for (let i = 0; i < 20; i++) text += `\x1b[3${i % 8}mline ${i} qqq lll\x1b[0m\r\n`;
    text += `${'x'.repeat(COLS + 7)}\r\n\x1b[1;4mbold\x1b[0m plain`;
  }
  await write(h, text);
  return s.serialize({ scrollback: 100 });
}

const DEFAULTS = {
  applicationCursorKeysMode: false,
  applicationKeypadMode: false,
  bracketedPasteMode: false,
  insertMode: false,
  mouseTrackingMode: 'none',
  originMode: false,
  reverseWraparoundMode: false,
  sendFocusMode: false,
  wraparoundMode: true,
};

describe('resync reset', () => {
  it.each([
    ['a long', false],
    ['a short', true],
  ])('light reset + %s screen leaves a used terminal as a full reset + screen does', async (_, short) => {
    const screen = await hostScreen(short);
    const viaFull = term();
    const viaLight = term();
    // a pane that has shown a lot: scrollback, an open colour, a scroll region, the DEC graphics set, a hidden
    // cursor somewhere in the middle
    const used =
      Array.from({ length: 60 }, (_, i) => `old ${i}\r\n`).join('') +
      '\x1b[31;1;7m\x1b[3;6r\x1b(0\x1b[?25l\x1b[4;9Hqqqq';
    for (const t of [viaFull, viaLight]) await write(t, used);
    expect(resyncReset(viaLight.buffer.active.type, viaLight.modes)).toBe(LIGHT_RESET);
    await write(viaFull, FULL_RESET + screen);
    await write(viaLight, LIGHT_RESET + screen);
    const fresh = term();
    await write(fresh, screen);
    const want = await state(viaFull);
    expect(await state(viaLight)).toEqual(want);
    // which is the screen as a fresh terminal draws it (a hidden cursor stays hidden through RIS in xterm)
    expect({ ...want, hidden: false }).toEqual(await state(fresh));
    // and output after it lands the same way (scroll region and colours are back to their defaults)
    for (const t of [viaFull, viaLight]) await write(t, '\r\nafter qq\r\n'.repeat(12));
    expect(await state(viaLight)).toEqual(await state(viaFull));
  });

  it('uses a full reset on the alternate screen or with any mode set', async () => {
    expect(resyncReset('normal', DEFAULTS)).toBe(LIGHT_RESET);
    expect(resyncReset('alternate', DEFAULTS)).toBe(FULL_RESET);
    const set: [keyof typeof DEFAULTS, boolean | string][] = [
      ['applicationCursorKeysMode', true],
      ['applicationKeypadMode', true],
      ['bracketedPasteMode', true],
      ['insertMode', true],
      ['mouseTrackingMode', 'vt200'],
      ['originMode', true],
      ['reverseWraparoundMode', true],
      ['sendFocusMode', true],
      ['wraparoundMode', false],
    ];
    for (const [k, v] of set) expect(resyncReset('normal', { ...DEFAULTS, [k]: v }), k).toBe(FULL_RESET);
    // as xterm reports them: a full-screen program, and bash's bracketed paste
    const t = term();
    await write(t, '\x1b[?1049h');
    expect(resyncReset(t.buffer.active.type, t.modes)).toBe(FULL_RESET);
    const u = term();
    await write(u, '\x1b[?2004h');
    expect(resyncReset(u.buffer.active.type, u.modes)).toBe(FULL_RESET);
  });
});
