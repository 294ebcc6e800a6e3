// Static values of shell words from an unbash syntax tree: what a word is before the shell runs, or null when it
// depends on run time (expansions, substitutions, brace expansion). Pure; knows nothing of rules.
import type { Word, WordPart } from 'unbash';

export interface StaticWord {
  /** the word after quote removal; for a glob word, its text (`*.js`) */
  value: string;
  /** true when the word contains an unquoted glob (the shell may expand it into several words) */
  glob: boolean;
}

/** The word as the shell sees it before running anything, or null when its value is only known at run time. */
export function staticWord(word: Word): StaticWord | null {
  if (!word.parts || word.parts.length === 0) return { value: word.value, glob: false };
  let value = '';
  let glob = false;
  for (const part of word.parts) {
    const v = staticPart(part);
    if (v === null) return null;
    value += v.value;
    glob ||= v.glob;
  }
  return { value, glob };
}

function staticPart(part: WordPart): StaticWord | null {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return { value: part.value, glob: false };
    case 'DoubleQuoted': {
      let value = '';
      for (const child of part.parts) {
        if (child.type !== 'Literal') return null;
        value += child.value;
      }
      return { value, glob: false };
    }
    case 'Glob':
      return { value: part.text, glob: true };
    default:
      // expansions, substitutions, brace expansion, extglob, locale strings: known only at run time
      return null;
  }
}

/** Code point ranges that render as nothing or reorder text (zero-width, bidi controls, BOM, soft hyphen…). */
const INVISIBLE: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180e, 0x180e],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x2064],
  [0x2066, 0x206f],
  [0xfeff, 0xfeff],
];

export function hasInvisibleChars(s: string): boolean {
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c > 0x7f && INVISIBLE.some(([lo, hi]) => c >= lo && c <= hi)) return true;
  }
  return false;
}

/** Non-ASCII letters in a command name are how look-alikes (Cyrillic `е`, fullwidth `ｒｍ`) get in. */
export function isPlainAscii(s: string): boolean {
  return /^[\x21-\x7E]*$/.test(s);
}
