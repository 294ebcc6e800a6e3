// Past the model-text cap, plain-text chunks are parsed only from their last lines. What the model reads next must
// be exactly what it would read had everything been parsed.
import { describe, expect, it } from 'vitest';
import { MODEL_TEXT_CAP, ModelView } from '../../../main/environment/commands/model-view.js';

const lines = (from: number, n: number) => Array.from({ length: n }, (_, i) => `line ${from + i} ${'x'.repeat(20)}\r\n`).join('');

async function scenario(chunkSize: number) {
  const v = new ModelView({ cols: 120, rows: 40 });
  const flood = lines(0, 60_000) + 'partial';
  for (let i = 0; i < flood.length; i += chunkSize) v.write(flood.slice(i, i + chunkSize));
  const first = await v.read();
  v.write(' more\r\n' + lines(90_000, 3));
  const second = await v.read();
  v.dispose();
  return { first, second };
}

describe('model view past its cap', () => {
  it('big plain chunks (skipped) and small ones (all parsed) give the same reads', async () => {
    const skipped = await scenario(256 * 1024);
    const parsed = await scenario(1024);
    expect(skipped.first.length).toBe(MODEL_TEXT_CAP);
    expect(skipped.first.startsWith(lines(0, 3).replace(/\r/g, ''))).toBe(true);
    expect(skipped.first).toBe(parsed.first);
    expect(skipped.second).toBe(parsed.second);
    expect(skipped.second).toBe(' more\n' + lines(90_000, 3).replace(/\r/g, ''));
  });

  it('a chunk with escape sequences is parsed whole (modes and cursor moves matter)', async () => {
    const v = new ModelView({ cols: 80, rows: 10 });
    v.write(lines(0, 40_000));
    await v.read();
    v.write(lines(0, 30_000) + '\x1b[?1049h\x1b[Hfull screen');
    await v.read();
    v.write('\x1b[?1049l');
    v.write('back\r\n');
    expect(await v.read()).toContain('back\n');
    v.dispose();
  });
});
