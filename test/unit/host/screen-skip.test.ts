// The host screen copy's skipping of plain floods (pure): what may be skipped, unfinished escapes carried over,
// and — checked against a real headless xterm — that the cut-down stream draws the same visible screen.
import xtermHeadless from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import {
  compactPlain,
  compactPlainChunks,
  isPlain,
  minKeepLineFeeds,
  splitUnfinished,
} from '../../../main/host/screen-skip.js';

const { Terminal } = xtermHeadless;

async function screenOf(data: string, cols = 40, rows = 8): Promise<string[]> {
  const t = new Terminal({ cols, rows, scrollback: 100, allowProposedApi: true });
  await new Promise<void>((r) => t.write(data, r));
  const b = t.buffer.active;
  const out: string[] = [];
  for (let y = 0; y < rows; y++) {
    const line = b.getLine(b.viewportY + y)!;
    // text plus the colour of the first cell, so lost SGR state would show
    out.push(`${line.getCell(0)?.getFgColor() ?? -1}|${line.translateToString(true)}`);
  }
  out.push(`cursor ${b.cursorX},${b.cursorY}`);
  t.dispose();
  return out;
}

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join('');

describe('host screen copy: skipping plain floods', () => {
  it('plain is text, \\b \\t \\r \\n and complete SGR; anything else is not', () => {
    expect(isPlain('abc\r\n\tdé 日本\x1b[1;31mred\x1b[0m\b')).toBe(true);
    expect(isPlain('a\x1b[2J')).toBe(false); // erase screen
    expect(isPlain('a\x1b[?1049h')).toBe(false); // alternate screen
    expect(isPlain('a\x1b]0;title\x07')).toBe(false);
    expect(isPlain('a\x0e')).toBe(false); // shift out changes the charset
    expect(isPlain('a\x9b2J')).toBe(false); // C1 CSI
    expect(isPlain('plain text only\r\n')).toBe(true);
    expect(isPlain('a\x1b[31')).toBe(false); // unfinished SGR
    expect(isPlain('a\x1b[31mb\x1b[1A')).toBe(false); // an SGR, then a cursor move
    expect(isPlain('a\x07')).toBe(false); // bell
  });

  it('an escape sequence cut at the end of a chunk is carried to the next one', () => {
    expect(splitUnfinished('abc\x1b[3')).toEqual(['abc', '\x1b[3']);
    expect(splitUnfinished('abc\x1b')).toEqual(['abc', '\x1b']);
    expect(splitUnfinished('abc\x1b]0;tit')).toEqual(['abc', '\x1b]0;tit']);
    expect(splitUnfinished('abc\x1b[31mdef')).toEqual(['abc\x1b[31mdef', '']);
    expect(splitUnfinished('t\x1b]0;x\x1b\\')).toEqual(['t\x1b]0;x\x1b\\', '']);
    expect(splitUnfinished('plain')).toEqual(['plain', '']);
  });

  it('cuts a long plain run to the SGR of its dropped part plus a CRLF tail, and the screen is the same', async () => {
    const rows = 8;
    const run =
      lines(500, (i) => `${i % 7 === 0 ? `\x1b[3${i % 8}m` : ''}line ${i} ${'x'.repeat(i % 50)}\r\n`) + 'last';
    const cut = compactPlain(run, minKeepLineFeeds(rows));
    expect(cut.length).toBeLessThan(run.length / 5);
    expect(cut).toContain('\x1b[3'); // colours of the dropped part are kept
    // after some earlier non-plain output (cursor moved up, screen partly drawn), the same screen either way
    const before = 'top\r\n\x1b[5;3Hmid\x1b[2A';
    expect(await screenOf(before + cut, 40, rows)).toEqual(await screenOf(before + run, 40, rows));
    // a colour set early and never again still colours the tail
    const green = `start\r\n\x1b[32m${lines(400, (i) => `plain ${i}\r\n`)}end`;
    const greenCut = compactPlain(green, minKeepLineFeeds(rows));
    expect(greenCut.length).toBeLessThan(green.length / 5);
    expect(await screenOf(greenCut, 40, rows)).toEqual(await screenOf(green, 40, rows));
  });

  it('also exact inside a scroll region and with wrapped long lines', async () => {
    const rows = 10;
    const run = lines(300, (i) => `${'w'.repeat((i * 13) % 90)}${i}\r\n`);
    const cut = compactPlain(run, minKeepLineFeeds(rows));
    expect(cut.length).toBeLessThan(run.length);
    const before = 'header\x1b[3;8r\x1b[5;1H';
    expect(await screenOf(before + cut, 40, rows)).toEqual(await screenOf(before + run, 40, rows));
  });

  it('leaves runs alone that cannot be cut exactly: bare LF line ends, too few lines', () => {
    const bare = lines(500, (i) => `row ${i}\n`);
    expect(compactPlain(bare, minKeepLineFeeds(8))).toBe(bare);
    const few = lines(10, (i) => `row ${i}\r\n`);
    expect(compactPlain(few, minKeepLineFeeds(8))).toBe(few);
  });

  it('cutting a run given as chunks equals cutting the joined run, wherever the chunks were split', () => {
    const rows = 8;
    const keep = minKeepLineFeeds(rows);
    const run =
      `\x1b[32mstart\r\n` + lines(200, (i) => `${i % 9 === 0 ? `\x1b[3${i % 8}m` : ''}line ${i}\r\n`) + 'tail';
    const whole = compactPlain(run, keep);
    expect(whole.length).toBeLessThan(run.length / 4);
    // split between CR and LF, right after SGRs, at every 97th char, and with empty chunks
    const splits = [
      [run.indexOf('\n', 3000)],
      [run.indexOf('\n', run.length - 400)], // inside the kept tail
      Array.from({ length: Math.floor(run.length / 97) }, (_, k) => (k + 1) * 97),
    ];
    for (const at of splits) {
      const chunks: string[] = [];
      let from = 0;
      for (const to of at) {
        // never inside an SGR sequence (the screen hands over only chunks that end in the ground state)
        let end = to;
        while (run.lastIndexOf('\x1b', end - 1) > run.lastIndexOf('m', end - 1)) end++;
        chunks.push(run.slice(from, end), '');
        from = end;
      }
      chunks.push(run.slice(from));
      expect(chunks.join('')).toBe(run);
      expect(compactPlainChunks(chunks, keep), `split at ${at.slice(0, 3).join(',')}`).toBe(whole);
    }
    // runs that cannot be cut come back whole
    const few = [lines(5, (i) => `a${i}\r`), lines(5, (i) => `\nb${i}\r`)];
    expect(compactPlainChunks(few, keep)).toBe(few.join(''));
  });
});
