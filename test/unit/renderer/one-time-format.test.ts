// One time format in the UI (issue 25): moments and durations are written by shared/time-format.ts, never by the
// browser's locale (toLocaleTimeString and friends print "2:33:21 PM" in one place and "14:33:21" in another).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../renderer/src');
const LOCALE_TIME = /\.toLocale(?:Time|Date)String\(|new Intl\.DateTimeFormat|new Intl\.RelativeTimeFormat/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('one time format', () => {
  it('the check sees a locale time call', () => {
    expect(LOCALE_TIME.test('{new Date(x).toLocaleTimeString()}')).toBe(true);
    expect(LOCALE_TIME.test('{m.contextWindow.toLocaleString()}')).toBe(false);
  });

  it('no renderer source formats a time with the browser locale', () => {
    const found = sources(ROOT)
      .filter((f) => LOCALE_TIME.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(found).toEqual([]);
  });
});
