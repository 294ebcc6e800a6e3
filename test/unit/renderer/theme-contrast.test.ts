// AA contrast of the themes (issue 25, accessibility): every text colour variable of styles.css holds 4.5:1
// (WCAG 2.1 AA, normal text) against every background variable, in the light and the dark theme, and the
// accent's text colour on the accent. Read from the real stylesheet; the ratio is WCAG's relative luminance formula.
// The first block shows the check failing on a pair that is too pale.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CSS = fs.readFileSync(path.resolve(import.meta.dirname, '../../../renderer/src/styles.css'), 'utf8');

/** The custom properties of the first rule whose selector list contains `selector`. */
function themeVars(selector: string): Record<string, string> {
  const at = CSS.indexOf(selector);
  expect(at, `${selector} in styles.css`).toBeGreaterThanOrEqual(0);
  const body = CSS.slice(CSS.indexOf('{', at) + 1, CSS.indexOf('}', at));
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1]!, m[2]!]));
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const TEXT = ['fg', 'muted', 'accent', 'ok', 'warn', 'bad', 'wait'];
const BACKGROUNDS = ['bg', 'panel', 'panel2', 'code'];

/** Pairs under 4.5:1, as readable lines. */
function failures(v: Record<string, string>): string[] {
  const out: string[] = [];
  for (const t of TEXT)
    for (const b of BACKGROUNDS) {
      const r = contrast(v[t]!, v[b]!);
      if (!(r >= 4.5)) out.push(`--${t} ${v[t]} on --${b} ${v[b]}: ${r.toFixed(2)}:1`);
    }
  const r = contrast(v['accent-fg']!, v.accent!);
  if (!(r >= 4.5)) out.push(`--accent-fg on --accent: ${r.toFixed(2)}:1`);
  return out;
}

describe('the check', () => {
  it('computes WCAG ratios and names a pale pair', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    const pale = { ...themeVars("[data-theme='light']"), muted: '#69717d' }; // the light theme's old grey
    expect(failures(pale)).toContain('--muted #69717d on --panel2 #eef0f4: 4.32:1');
  });
});

describe.each([
  ['light', "[data-theme='light']"],
  ['dark', "[data-theme='dark']"],
])('the %s theme', (_, selector) => {
  it('has every colour the check needs', () => {
    const v = themeVars(selector);
    for (const k of [...TEXT, ...BACKGROUNDS, 'accent-fg']) expect(v[k], `--${k}`).toMatch(/^#[0-9a-f]{6}$/i);
  });
  it('keeps every text colour at 4.5:1 or more on every background', () => {
    expect(failures(themeVars(selector))).toEqual([]);
  });
});
