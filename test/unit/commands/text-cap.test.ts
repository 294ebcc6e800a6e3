import { describe, expect, it } from 'vitest';
import { ModelView } from '../../../main/environment/commands/model-view.js';
import {
  commandTextCap,
  keptChars,
  MODEL_TEXT_CAP,
  modelTextCap,
} from '../../../main/environment/commands/text-cap.js';

describe('modelTextCap', () => {
  it('keeps twice the largest limit, at least 64 KiB, at most MODEL_TEXT_CAP', () => {
    expect(modelTextCap([16_000, 16_000])).toBe(64 * 1024);
    expect(modelTextCap([16_000, 100_000])).toBe(200_000);
    expect(modelTextCap([2_000_000])).toBe(MODEL_TEXT_CAP);
  });

  it('uses the default limit for a tool without one, and MODEL_TEXT_CAP when a tool keeps everything', () => {
    expect(modelTextCap([undefined, undefined], 50_000)).toBe(100_000);
    expect(modelTextCap([16_000, 0])).toBe(MODEL_TEXT_CAP);
    expect(modelTextCap([-1, 16_000])).toBe(MODEL_TEXT_CAP);
  });

  it('reads exec_command and input_command from tools.builtin, ignoring the other tools', () => {
    expect(commandTextCap(undefined)).toBe(64 * 1024);
    expect(commandTextCap([{ name: 'view_image', maxOutputLength: 0 }])).toBe(64 * 1024);
    expect(commandTextCap([{ name: 'exec_command', maxOutputLength: 300_000 }])).toBe(600_000);
    expect(commandTextCap([{ name: 'input_command', maxOutputLength: 0 }])).toBe(MODEL_TEXT_CAP);
  });
});

describe('keptChars', () => {
  it('is the limit, the default limit when none is set, and no bound for a tool that keeps everything', () => {
    expect(keptChars(5_000)).toBe(5_000);
    expect(keptChars(undefined)).toBe(16_000);
    expect(keptChars(0)).toBe(Number.POSITIVE_INFINITY);
    expect(keptChars(-1)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('ModelView with a text cap', () => {
  const flood = Array.from({ length: 15_000 }, (_, i) => `line ${i} ${'a'.repeat(40)}\r\n`).join('');

  async function firstRead(textCap?: number): Promise<{ text: string; skipped: number }> {
    const v = new ModelView({ cols: 80, rows: 24, textCap });
    for (let i = 0; i < flood.length; i += 4096) v.write(flood.slice(i, i + 4096));
    const text = await v.read();
    v.dispose();
    return { text, skipped: v.skippedLines };
  }

  it('keeps the head up to its cap and skims the rest of a flood', async () => {
    const capped = await firstRead(64 * 1024);
    const wide = await firstRead();
    expect(capped.text.length).toBe(64 * 1024);
    // the same head as the default cap gives, cut at the smaller cap
    expect(wide.text.startsWith(capped.text)).toBe(true);
    // (under the default cap the whole flood is rendered; a read holds back its last line break)
    expect(wide.text.length).toBeGreaterThan(flood.replace(/\r/g, '').length - 2);
    // past its cap the capped view only skims each batch (skippedLines counts up to two screens a batch)
    expect(capped.skipped).toBeGreaterThan(400);
    expect(wide.skipped).toBe(0);
  });
});
