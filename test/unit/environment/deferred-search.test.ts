// Unit tests for the parts of deferred-tool search (main/environment/deferred/): analysis (tokenizing, stopwords,
// stemming), the synonym table, coverage-based abstention, field boosts and the two ranking engines.
import { describe, expect, it } from 'vitest';
import { analyze, COMMON_WORDS, splitWords, stem } from '../../../main/environment/deferred/analyze.js';
import {
  conceptWeights,
  coverage,
  matchesEach,
  matchesRoles,
  WEAK_CREDIT,
  type Concept,
} from '../../../main/environment/deferred/coverage.js';
import { joinCompounds, parseQuery, searchTools } from '../../../main/environment/deferred/search.js';
import { areSynonyms, expand, isOperation, SYNONYM_WEIGHT } from '../../../main/environment/deferred/synonyms.js';
import { idf, indexOf, toolsWithAny } from '../../../main/environment/deferred/tool-index.js';
import type { JsonSchema, ToolDefinition } from '../../../main/environment/types.js';

function def(name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition {
  return { name, description, parameters: { type: 'object', properties } as JsonSchema, permission: 'r' };
}
const names = (r: { results: { name: string }[] }) => r.results.map((x) => x.name);

describe('tokenizing', () => {
  it('splits snake_case, kebab-case, camelCase, acronyms and digits', () => {
    expect(splitWords('mcp__github__create_pull_request')).toEqual(['mcp', 'github', 'create', 'pull', 'request']);
    expect(splitWords('get-tiny-image')).toEqual(['get', 'tiny', 'image']);
    expect(splitWords('entityNames')).toEqual(['entity', 'names']);
    expect(splitWords('parseHTMLDocument')).toEqual(['parse', 'html', 'document']);
    expect(splitWords('s3Bucket v2')).toEqual(['s', '3', 'bucket', 'v', '2']);
  });
  it('drops stopwords and stems the rest, keeping repeats', () => {
    expect(analyze('Read the files of a directory and the files')).toEqual(['read', 'file', 'directori', 'file']);
    expect(analyze('the of a')).toEqual([]);
  });
});

describe('stemming (Porter, npm stemmer)', () => {
  it('brings inflections together', () => {
    for (const [a, b] of [
      ['repositories', 'repository'],
      ['observations', 'observation'],
      ['thinking', 'think'],
      ['created', 'create'],
      ['listing', 'lists'],
    ]) {
      expect(stem(a!), `${a} ~ ${b}`).toBe(stem(b!));
    }
  });
  it('leaves numbers and very short words alone', () => {
    expect(stem('42')).toBe('42');
    expect(stem('ls')).toBe('ls');
  });
});

describe('synonyms', () => {
  it('relate the tool vocabulary both ways', () => {
    for (const [a, b] of [
      ['show', 'read'],
      ['cat', 'read'],
      ['save', 'write'],
      ['erase', 'delete'],
      ['rm', 'remove'],
      ['ls', 'list'],
      ['grep', 'search'],
      ['lookup', 'find'],
      ['folder', 'directory'],
      ['ticket', 'issue'],
    ]) {
      expect(areSynonyms(a!, b!), `${a} ~ ${b}`).toBe(true);
      expect(areSynonyms(b!, a!), `${b} ~ ${a}`).toBe(true);
    }
    // a phrase ("pull request") is reached from its abbreviation; its single words do not expand to it
    expect(areSynonyms('pr', 'pull') && areSynonyms('pr', 'request')).toBe(true);
    expect(areSynonyms('pull', 'pr')).toBe(false);
    expect(areSynonyms('read', 'delete')).toBe(false);
    expect(areSynonyms('folder', 'issue')).toBe(false);
  });
  it('expand a word to itself at 1 and its synonyms at a lower weight, stemmed', () => {
    const e = expand(stem('folders'));
    expect(e.get(stem('folder'))).toBe(1);
    expect(e.get(stem('directory'))).toBe(SYNONYM_WEIGHT);
    expect(SYNONYM_WEIGHT).toBeLessThan(1);
    expect(expand('zzqx')).toEqual(new Map([['zzqx', 1]]));
  });
  it('let a query find a tool by a synonym of its name, ranked below an exact name match', () => {
    const tools = [
      def('mcp__fs__create_directory', 'Create a new directory.'),
      def('mcp__fs__make_folder', 'Make a folder.'),
    ];
    expect(names(searchTools('new folder', tools))[0]).toBe('mcp__fs__make_folder');
    expect(names(searchTools('new directory', tools))[0]).toBe('mcp__fs__create_directory');
    expect(names(searchTools('remove folder', [def('mcp__fs__delete_directory', 'Deletes a directory.')]))).toEqual([
      'mcp__fs__delete_directory',
    ]);
  });
});

describe('coverage and abstention', () => {
  const concept = (word: string): Concept => ({
    word,
    stem: stem(word),
    variants: expand(stem(word)),
    required: false,
    operation: isOperation(stem(word)),
  });
  it('weights a concept by its rarity among the tools (BM25 IDF), unknown words the most', () => {
    const idx = indexOf([
      def('read_file', 'Read.'),
      def('write_file', 'Write.'),
      def('list_file', 'List.'),
      def('save_note', 'Save.'),
    ]);
    // "write" stands for its synonyms too: write_file and save_note
    const dfs = [concept('file'), concept('write'), concept('email')].map(
      (c) => toolsWithAny(idx, c.variants.keys()).size,
    );
    expect(dfs).toEqual([3, 2, 0]);
    expect([...toolsWithAny(idx, [stem('write')])]).toEqual([1]);
    const [wFile, wWrite, wEmail] = conceptWeights(dfs, 4);
    expect(wFile!).toBeLessThan(wWrite!);
    expect(wWrite!).toBeLessThan(wEmail!);
    expect(wEmail).toBeCloseTo(idf(0, 4), 10);
  });
  it('is the weighted share of the query concepts a tool contains (a synonym counts)', () => {
    const cs = [concept('save'), concept('email')];
    const w = [1, 3];
    expect(coverage(cs, w, new Set([stem('write'), 'file']))).toBeCloseTo(0.25, 10);
    expect(coverage(cs, w, new Set([stem('email'), stem('save')]))).toBe(1);
    expect(coverage(cs, w, new Set(['other']))).toBe(0);
    expect(coverage([], [], new Set(['x']))).toBe(0);
  });
  const tools = [
    def('mcp__chat__post_message', 'Post a new message to a chat channel.', {
      channel_id: { type: 'string' },
      text: { type: 'string' },
    }),
    def('mcp__chat__list_channels', 'List the channels of the workspace.'),
    def('mcp__fs__read_file', 'Read the contents of a file.', { path: { type: 'string' } }),
    def('mcp__fs__write_file', 'Write content to a file.', { path: { type: 'string' }, content: { type: 'string' } }),
  ];
  it('abstains when the rare, important words of the query match no tool', () => {
    const r = searchTools('send an email to the customer', tools);
    expect(r.results).toEqual([]);
    expect(r.hint).toMatch(/No extra tool matched/);
    expect(searchTools('deploy kubernetes cluster', tools).results).toEqual([]);
  });
  it('answers when the important words match, even if a filler word matches nothing', () => {
    expect(names(searchTools('send a chat message', tools))[0]).toBe('mcp__chat__post_message');
    // "someone" is a common English word no tool uses: dropped, not counted against coverage
    expect(names(searchTools('send someone a message', tools))[0]).toBe('mcp__chat__post_message');
    expect(COMMON_WORDS.has('someone')).toBe(true);
  });
  it('keeps a common word that a tool does use', () => {
    // "show" is a common English word, but a synonym of read: it stays and matches read_file
    expect(COMMON_WORDS.has('show')).toBe(true);
    expect(parseQuery('show file').map((c) => c.stem)).toEqual(['show', 'file']);
    expect(names(searchTools('show file contents', tools))[0]).toBe('mcp__fs__read_file');
  });
  it('counts web tokens of the stopword list (html, http, www) as words, not filler', () => {
    expect(COMMON_WORDS.has('html')).toBe(false);
    expect(COMMON_WORDS.has('http')).toBe(false);
    expect(COMMON_WORDS.has('lately')).toBe(true);
    // without "html" the query would be "fetch url", which a file tool taking a URL covers
    const fetcher = [def('mcp__x__read_url_file', 'Reads a file from a path or a URL.')];
    expect(names(searchTools('fetch a url', fetcher))).toEqual(['mcp__x__read_url_file']);
    expect(searchTools('fetch a url and return the html', fetcher).results).toEqual([]);
  });
  it('classifies operation words, nouns of the operation groups excluded', () => {
    for (const w of ['read', 'delete', 'send', 'rename', 'list']) expect(isOperation(stem(w)), w).toBe(true);
    for (const w of ['memory', 'reaction', 'message', 'file', 'post']) expect(isOperation(stem(w)), w).toBe(false);
    expect(parseQuery('delete message').map((c) => c.operation)).toEqual([true, false]);
  });
  it('needs a tool to match one operation of the query and one of its known other words', () => {
    const [del, slack, message] = [concept('delete'), concept('slack'), concept('message')];
    const cs = [del, slack, message];
    const known = [true, true, true];
    const post = new Set([stem('post'), stem('slack'), stem('message')]);
    const forget = new Set([stem('forget'), stem('observation')]);
    const removeMsg = new Set([stem('remove'), stem('message')]);
    expect(matchesRoles(cs, known, post)).toBe(false); // does another operation
    expect(matchesRoles(cs, known, forget)).toBe(false); // deletes something else
    expect(matchesRoles(cs, known, removeMsg)).toBe(true); // a synonym of the operation counts
    // a word no tool knows is not required (it may be filler); a query without an operation needs none
    expect(matchesRoles([del, concept('zzqx')], [true, false], forget)).toBe(true);
    expect(matchesRoles([slack, message], [true, true], post)).toBe(true);
  });
  it('abstains when no tool does the operation asked of the things the registry has', () => {
    const chat = [
      ...tools,
      def('mcp__kb__delete_notes', 'Delete notes from the knowledge base.', { names: { type: 'array' } }),
    ];
    expect(searchTools('delete a chat message', chat).results).toEqual([]);
    expect(searchTools('delete a channel', chat).results).toEqual([]);
    expect(names(searchTools('remove notes', chat))).toEqual(['mcp__kb__delete_notes']);
  });
  it('gives a word found only in a parameter description half credit', () => {
    const cs = [concept('convert'), concept('pdf')];
    const w = [1, 1];
    const all = new Set([stem('convert'), stem('pdf')]);
    expect(coverage(cs, w, all, new Set([stem('pdf')]))).toBeCloseTo((1 + WEAK_CREDIT) / 2, 10);
    const idx = indexOf([
      def('mcp__chat__reply', 'Reply in a thread.', {
        ts: { type: 'string', description: 'A timestamp; one without a period is converted by adding it.' },
      }),
    ]);
    expect(idx.tools[0]!.all.has(stem('converted'))).toBe(true);
    expect(idx.tools[0]!.strong.has(stem('converted'))).toBe(false);
    expect(
      searchTools(
        'convert a timestamp',
        idx.tools.map((t) => t.def),
        5,
        { minCoverage: 0.8 },
      ).results,
    ).toEqual([]);
  });
});

describe('a tool named by every query word', () => {
  const concept = (word: string): Concept => ({
    word,
    stem: stem(word),
    variants: expand(stem(word)),
    required: false,
    operation: isOperation(stem(word)),
  });
  it('needs a term of its own for each concept (one synonym cannot stand for two words)', () => {
    const cs = [concept('post'), concept('slack'), concept('message')];
    expect(matchesEach(cs, new Set([stem('post'), 'slack', stem('message')]))).toBe(true);
    expect(matchesEach(cs, new Set(['slack', stem('message')]))).toBe(false); // message is post's synonym too
    expect(matchesEach(cs, new Set(['slack', stem('message'), stem('send')]))).toBe(true);
    expect(matchesEach([concept('file')], new Set(['other']))).toBe(false);
  });
  it('leaves out partial matches beside it, keeping tools that match every word too', () => {
    const tools = [
      def('mcp__team__post_message', 'Post a new message to a channel.'),
      def('mcp__team__add_reaction', 'Add a reaction emoji to a message.'),
      def('mcp__team__get_history', 'Get recent messages from a channel.'),
      def('mcp__team__send_message', 'Send a message as the bot.'),
    ];
    expect(names(searchTools('post message', tools))).toEqual(['mcp__team__post_message', 'mcp__team__send_message']);
    // no tool is named by every word: partial matches stay
    expect(names(searchTools('channel message', tools))).toContain('mcp__team__get_history');
  });
});

describe('compound names', () => {
  const tools = [
    def('mcp__thinking__sequentialthinking', 'A tool for dynamic and reflective problem-solving through thoughts.'),
    def('mcp__x__get_env', 'Returns all environment variables.'),
  ];
  it('joins two adjacent query words that a tool writes as one', () => {
    const idx = indexOf(tools);
    const cs = parseQuery('sequential thinking');
    joinCompounds('sequential thinking', cs, idx.df);
    const joined = stem('sequentialthinking');
    expect(cs.map((c) => c.variants.get(joined))).toEqual([1, 1]);
    expect(names(searchTools('sequential thinking', tools))).toEqual(['mcp__thinking__sequentialthinking']);
  });
  it('leaves words alone when no tool has the joined word', () => {
    const cs = parseQuery('get env');
    joinCompounds('get env', cs, indexOf(tools).df);
    expect(cs.every((c) => !c.variants.has(stem('getenv')))).toBe(true);
  });
});

describe('field boosts and engines', () => {
  it('indexes parameter names (split) and their descriptions, nested ones included', () => {
    const t = def('mcp__x__op', 'Does it.', {
      entityNames: {
        type: 'array',
        items: { type: 'object', properties: { sortBy: { type: 'string', description: 'Ordering key' } } },
      },
    });
    const idx = indexOf([t]);
    expect(idx.tools[0]!.terms.paramNames).toEqual(['entiti', 'name', 'sort']);
    expect(idx.tools[0]!.terms.paramText).toEqual(['order', 'kei']);
    expect(names(searchTools('sortBy', [t, def('mcp__x__other', 'Other.')]))).toEqual(['mcp__x__op']);
  });
  it('a name match outranks the same word in a description, with either engine', () => {
    const tools = [
      def('mcp__a__archive_file', 'Stores a file in the archive.'),
      def('mcp__a__zip_file', 'Zips a file.'),
    ];
    for (const engine of ['minisearch', 'bm25f'] as const) {
      const r = searchTools('archive', tools, 5, { engine });
      expect(names(r)[0], engine).toBe('mcp__a__archive_file');
    }
  });
  it('blends a word with its synonyms, so a rarer synonym cannot outscore the word itself', () => {
    const tools = [
      ...['branch', 'repository', 'release', 'label', 'file', 'project'].map((x) =>
        def(`mcp__gh__create_${x}`, `Create a ${x}.`),
      ),
      def('mcp__gh__create_issue', 'Create a new issue in a repository.'),
      def('mcp__gh__add_issue_comment', 'Add a comment to an existing issue.', { issue_number: { type: 'number' } }),
    ];
    // "add" (a synonym of create) is rarer than "create" here; per-term BM25 would rank add_issue_comment first
    expect(names(searchTools('create issue', tools, 5, { engine: 'bm25f' }))[0]).toBe('mcp__gh__create_issue');
  });
  it('drops results far below the best one', () => {
    const tools = [
      def('mcp__a__archive_file', 'Archive a file.'),
      def(
        'mcp__a__list_items',
        'List the items of a folder; an item that is a file says whether it is an archive or not.',
      ),
    ];
    expect(names(searchTools('archive file', tools))).toEqual(['mcp__a__archive_file']);
    expect(names(searchTools('archive file', tools, 5, { minRelativeScore: 0 }))).toEqual([
      'mcp__a__archive_file',
      'mcp__a__list_items',
    ]);
  });
  it('leaves $schema out of the parameters it returns', () => {
    const t: ToolDefinition = {
      ...def('mcp__a__op', 'Frobnicate.'),
      parameters: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { x: { type: 'string' } },
      } as JsonSchema,
    };
    expect(searchTools('frobnicate', [t]).results[0]!.parameters).toEqual({
      type: 'object',
      properties: { x: { type: 'string' } },
    });
    expect(t.parameters).toHaveProperty('$schema');
  });
  it('reuses the index of the same registry array', () => {
    const tools = [def('a_tool', 'A.')];
    expect(indexOf(tools)).toBe(indexOf(tools));
    expect(indexOf([...tools])).not.toBe(indexOf(tools));
  });
});
