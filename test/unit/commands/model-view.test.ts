import { afterEach, describe, expect, it } from 'vitest';
import { ModelView } from '../../../main/environment/commands/model-view.js';

let views: ModelView[] = [];
const view = (cols = 40, rows = 6): ModelView => {
  const v = new ModelView({ cols, rows });
  views.push(v);
  return v;
};
afterEach(() => {
  for (const v of views) v.dispose();
  views = [];
});

describe('ModelView', () => {
  it('removes colour codes and turns \\r\\n into \\n', async () => {
    const v = view();
    v.write('\x1b[31mred\x1b[0m \x1b[1;32mgreen\x1b[0m\r\n');
    expect(await v.read()).toBe('red green\n');
  });

  it('keeps no final newline when the program printed none', async () => {
    const v = view();
    v.write('\x1b[31mred\x1b[0m');
    expect(await v.read()).toBe('red');
  });

  it('resolves a 100-step carriage-return progress bar to its final line', async () => {
    const v = view();
    let s = 'start\r\n';
    for (let i = 1; i <= 100; i++) s += `\r[${'#'.repeat(Math.floor(i / 10)).padEnd(10, ' ')}] ${i}%`;
    v.write(`${s}\r\ndone\r\n`);
    expect(await v.read()).toBe('start\n[##########] 100%\ndone\n');
  });

  it('returns only new output on each read, continuing a partial line', async () => {
    const v = view();
    v.write('Name: ');
    expect(await v.read()).toBe('Name:');
    v.write('bob\r\nnext\r\n');
    expect(await v.read()).toBe(' bob\nnext\n');
    expect(await v.read()).toBe('');
  });

  it('keeps every line of output much longer than the screen, across reads and odd chunking', async () => {
    const v = view(30, 5);
    const all = Array.from({ length: 3000 }, (_, i) => `line ${i + 1}\r\n`).join('');
    for (let p = 0; p < all.length; p += 777) v.write(all.slice(p, p + 777));
    const first = await v.read();
    v.write('tail\r\n');
    const text = first + (await v.read());
    const expected = Array.from({ length: 3000 }, (_, i) => `line ${i + 1}`).join('\n') + '\ntail\n';
    expect(text).toBe(expected);
  });

  it('joins lines the terminal soft-wrapped and trims trailing blanks', async () => {
    const v = view(10, 4);
    v.write(`${'x'.repeat(25)}   \r\nend   \r\n`);
    expect(await v.read()).toBe(`${'x'.repeat(25)}\nend\n`);
  });

  it('drops trailing blank lines but restores them when more output follows', async () => {
    const v = view();
    v.write('x\r\n\r\n\r\n');
    expect(await v.read()).toBe('x\n');
    v.write('y\r\n');
    expect(await v.read()).toBe('\n\ny\n');
  });

  it('shows a full-screen program as its screen and keeps its last screen after it leaves', async () => {
    const v = view(20, 4);
    v.write('before\r\n\x1b[?1049h\x1b[H\x1b[2JTITLE\x1b[4;1Hstatus');
    expect(await v.read()).toBe('before\nTITLE\n\n\nstatus\n');
    v.write('\x1b[2;1Hbody');
    expect(await v.read()).toBe('TITLE\nbody\n\nstatus\n');
    v.write('\x1b[1;1HLAST \x1b[?1049lafter\r\n');
    expect(await v.read()).toBe('LAST\nbody\n\nstatus\nafter\n');
  });

  it('captures a full-screen program that enters and leaves between two reads', async () => {
    const v = view(20, 4);
    v.write('\x1b[?1049h\x1b[Hquick view\x1b[?1049ldone\r\n');
    expect(await v.read()).toBe('quick view\ndone\n');
  });

  it('does not lose lines written after leaving the alternate screen when the normal screen is full', async () => {
    const v = view(20, 3);
    v.write(Array.from({ length: 50 }, (_, i) => `n${i}\r\n`).join(''));
    await v.read();
    v.write('\x1b[?1049h\x1b[HALT\x1b[?1049lafter1\r\nafter2\r\n');
    expect(await v.read()).toBe('ALT\nafter1\nafter2\n');
  });
});
