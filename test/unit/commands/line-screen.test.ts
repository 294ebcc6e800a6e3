import { describe, expect, it } from 'vitest';
import { LineScreen } from '../../../main/environment/commands/line-screen.js';
import { ModelView } from '../../../main/environment/commands/model-view.js';

/** Feeds `chunks` and returns everything handed out, the live part included. */
function render(chunks: string[], rows = 5): string {
  let out = '';
  const s = new LineScreen({ rows, emit: (t) => (out += t) });
  for (const c of chunks) expect(s.feed(c)).toBeUndefined();
  s.takeLive();
  return out;
}

describe('LineScreen', () => {
  it('keeps tabs, wide and combining characters as written', () => {
    const text = 'a\tb\tc\n日本語\tok\ne\u0301cole 🎉\n';
    expect(render([text.replace(/\n/g, '\r\n')])).toBe(text);
  });

  it('never breaks a long line into rows', () => {
    const long = 'x'.repeat(5000);
    expect(render([`${long}\r\nnext\r\n`], 3)).toBe(`${long}\nnext\n`);
  });

  it('resolves carriage-return overwrites like a terminal (what is left of the old line stays)', () => {
    expect(render(['hello\rab\r\n'])).toBe('abllo\n');
    expect(render(['10%\r50%\r100%\r\n'])).toBe('100%\n');
  });

  it('applies erase-in-line, backspace and cursor moves', () => {
    expect(render(['progress 10%\r\x1b[Kdone\r\n'])).toBe('done\n');
    expect(render(['abc\b\bX\r\n'])).toBe('aXc\n');
    expect(render(['abcdef\x1b[3D\x1b[1P!\r\n'])).toBe('abc!f\n');
    expect(render(['col\x1b[10Gx\r\n'])).toBe('col      x\n');
  });

  it('redraws multi-line progress with cursor-up while the lines are on screen', () => {
    const frame = (a: number, b: number) => `a ${a}%\r\nb ${b}%\r\n`;
    expect(render([frame(1, 2), `\x1b[2A${frame(50, 60)}`, `\x1b[2A${frame(100, 100)}`])).toBe('a 100%\nb 100%\n');
  });

  it('drops colour, OSC titles and hyperlinks, also when split across chunks', () => {
    const raw = '\x1b[1;31mred\x1b[0m \x1b]0;title\x07\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\r\n';
    expect(render([raw])).toBe('red link\n');
    const chunks = [...raw];
    expect(render(chunks)).toBe('red link\n');
  });

  it('stops right after a sequence that enters the alternate screen', () => {
    const s = new LineScreen({ rows: 5, emit: () => {} });
    const data = 'before\r\n\x1b[?1049hINSIDE';
    expect(s.feed(data)).toEqual({ altAt: data.indexOf('INSIDE') });
    expect(s.cursor()).toEqual({ row: 1, col: 0 });
  });

  it('hands out complete lines only with takeComplete, and the rest later without repeating it', () => {
    let out = '';
    const s = new LineScreen({ rows: 5, emit: (t) => (out += t) });
    s.feed('one\r\npartial');
    s.takeComplete();
    expect(out).toBe('one\n');
    s.feed(' line\r\n\rbar 1%\rbar 100%');
    s.takeComplete();
    expect(out).toBe('one\npartial line\n');
    s.takeLive();
    expect(out).toBe('one\npartial line\nbar 100%');
  });
});

describe('ModelView with one line longer than its cap', () => {
  it('gives a 3 MB single line back whole up to the model-text cap', async () => {
    const v = new ModelView({ cols: 80, rows: 24 });
    const chunk = 'y'.repeat(64 * 1024);
    for (let i = 0; i < 48; i++) v.write(chunk);
    v.write('\r\n');
    const text = await v.read();
    expect(text.length).toBe(1024 * 1024);
    expect(/^y+$/.test(text)).toBe(true);
    v.dispose();
  });
});

describe('ModelView past its cap with coloured output', () => {
  const line = (i: number) =>
    `\x1b[32m[${i % 100}%]\x1b[0m \x1b[1mBuilding\x1b[0m file_${i}.o${i % 50 === 0 ? '\x1b[2K\rbar 50%\x1b[2K\r' : ''}\r\n`;
  const flood = Array.from({ length: 90_000 }, (_, i) => line(i)).join('') + '\x1b[33mpartial';

  async function reads(skipUnseen: boolean): Promise<{ first: string; second: string; skipped: number }> {
    const v = new ModelView({ cols: 80, rows: 24, skipUnseen });
    // pty-sized chunks, so escape sequences are cut across writes
    for (let i = 0; i < flood.length; i += 4093) v.write(flood.slice(i, i + 4093));
    const first = await v.read();
    v.write(' line\r\n\x1b[31mnext\x1b[0m\r\n');
    const second = await v.read();
    v.dispose();
    return { first, second, skipped: v.skippedLines };
  }

  it('skips lines nobody can see and still reads exactly what rendering every line gives', async () => {
    const skipping = await reads(true);
    const full = await reads(false);
    expect(skipping.skipped).toBeGreaterThan(1_000);
    expect(full.skipped).toBe(0);
    expect(skipping.first.length).toBe(1024 * 1024);
    expect(skipping.first).toBe(full.first);
    expect(skipping.second).toBe(full.second);
    expect(skipping.second).toBe(' line\nnext\n');
  });
});
