// Unit tests for the parts of deferred-tool search (main/environment/deferred/): analysis (tokenizing, stopwords,
// stemming), argument values in queries, match strength, neutral unknown words, closest tools, compounds, WordNet
// relatives of words no tool contains, prefix matches, field boosts on MiniSearch, the server lines of
// search_extra_tools' description, command names read through the manual's summaries, document expansion with
// WordNet synonyms of tool names, and copies of one tool shown after the other tools.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyze, splitWords, stem } from '../../../main/environment/deferred/analyze.js';
import { splitArguments, valueKind } from '../../../main/environment/deferred/arguments.js';
import { localQueryText } from '../../../main/environment/deferred/local-model.js';
import { commandSummary, nameSummary } from '../../../main/environment/deferred/manual.js';
import {
  addCommandSummaries,
  addRelatives,
  commandWordOf,
  joinCompounds,
  parseQuery,
  searchTools,
  type SearchOptions,
} from '../../../main/environment/deferred/search.js';
import { serverLines, serverOf } from '../../../main/environment/deferred/servers.js';
import { coverage, isStrong, PROSE_CREDIT } from '../../../main/environment/deferred/strength.js';
import { indexOf } from '../../../main/environment/deferred/tool-index.js';
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
  it('drops stopwords (npm stopword English list and tool filler) and stems the rest, keeping repeats', () => {
    expect(analyze('Read the files of a directory and the files')).toEqual(['read', 'file', 'directori', 'file']);
    expect(analyze('the of a might very using tool')).toEqual([]);
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
  it('keeps the s of a noun that is no plural (WordNet), so "news" does not meet "new"', () => {
    expect(stem('news')).not.toBe(stem('new'));
    expect(stem('status')).not.toBe(stem('statue'));
    expect(stem('files')).toBe(stem('file'));
    expect(stem('contents')).toBe(stem('content'));
    expect(stem('glasses')).toBe(stem('glass'));
  });
  it('leaves numbers and very short words alone', () => {
    expect(stem('42')).toBe('42');
    expect(stem('ls')).toBe('ls');
  });
});

describe('argument values in a query', () => {
  it('takes out quoted text, file names, paths, URLs, e-mail addresses, channels, handles and ids', () => {
    const p = splitArguments('post "deploy done" in #general for @ana, see https://x.io/a and ~/notes.md or a.pdf');
    expect(p.words).toBe('post in for see and or');
    expect(p.values).toEqual(['"deploy done"', '#general', '@ana', 'https://x.io/a', '~/notes.md', 'a.pdf']);
    expect(p.hints).toEqual(['channel', 'url', 'path', 'file']);
    // the model's text: a value with a shape becomes its hint word where it stood, the others go
    expect(p.shaped).toBe('post in channel for see url and path or file');
  });
  it("gives the sentence encoder the request with each value's shape in its place", () => {
    expect(localQueryText('cat /etc/hosts')).toBe('cat path');
    expect(localQueryText('how big is video.mp4?')).toBe('how big is file video');
    expect(localQueryText('how big is notes.txt?')).toBe('how big is file');
    expect(localQueryText('run SELECT count(*) FROM users on the db')).toBe('run sql query on the db');
    expect(localQueryText('tell #ops "deploy done"')).toBe('tell channel');
    expect(localQueryText('42')).toBe('42');
    // the control character that marks a statement's place, typed into a query, is no statement
    expect(localQueryText('a \u0001 b')).toBe('a b');
  });
  it('leaves `width height` for a width × height', () => {
    expect(valueKind('1280x720')).toEqual({ hint: 'width height' });
    expect(valueKind('800×600')).toEqual({ hint: 'width height' });
    expect(valueKind('x264')).toEqual({});
    expect(splitArguments('set the viewport to 1280x720')).toEqual({
      words: 'set the viewport to',
      hints: ['width', 'height'],
      values: ['1280x720'],
      shaped: 'set the viewport to width height',
    });
  });
  it('leaves `channel` for a #name, and nothing for an issue number or a colour', () => {
    expect(valueKind('#general')).toEqual({ hint: 'channel' });
    expect(valueKind('#old-project')).toEqual({ hint: 'channel' });
    expect(valueKind('#42')).toEqual({});
    expect(valueKind('#ff8800')).toEqual({});
    expect(valueKind('#fff')).toEqual({});
    expect(valueKind('@ana')).toEqual({});
  });
  it('reads owner/repo#123 as a reference to an issue or pull request, not as a path', () => {
    expect(valueKind('acme/web#530')).toEqual({ hint: 'issue pull request' });
    expect(valueKind('floe-dev/floe.js#2011')).toEqual({ hint: 'issue pull request' });
    expect(valueKind('acme/web')).toEqual({ hint: 'path' });
    expect(valueKind('src/app#top')).toEqual({ hint: 'path' });
    expect(valueKind('/srv/a#1')).toEqual({ hint: 'path' });
    expect(splitArguments('which files does acme/web#530 touch?').shaped).toBe(
      'which files does issue pull request touch',
    );
    const tools = [
      def('mcp__fs__read_multiple_files', 'Read several files at once.', { paths: { type: 'array' } }),
      def('mcp__gh__get_pull_request_files', 'Get the list of files changed in a pull request.', {
        owner: { type: 'string' },
        repo: { type: 'string' },
        pull_number: { type: 'number' },
      }),
    ];
    expect(names(searchTools('which files does acme/web#530 touch?', tools))[0]).toBe(
      'mcp__gh__get_pull_request_files',
    );
  });
  it("adds an image, audio or video file's media type (mime-types) to its hint; a .ts file is no video", () => {
    expect(valueKind('logo.png')).toEqual({ hint: 'file image' });
    expect(valueKind('recordings/standup.m4a')).toEqual({ hint: 'path audio' });
    expect(valueKind('clip.mp4')).toEqual({ hint: 'file video' });
    expect(valueKind('src/app.ts')).toEqual({ hint: 'path' });
    expect(valueKind('notes.md')).toEqual({ hint: 'file' });
    expect(splitArguments('show me the picture diagram.png').shaped).toBe('show me the picture file image');
    const tools = [
      def('mcp__fs__read_text_file', 'Read the complete contents of a file as text.', { path: { type: 'string' } }),
      def('mcp__fs__read_media_file', 'Read an image or audio file and return it base64-encoded.', {
        path: { type: 'string' },
      }),
    ];
    expect(names(searchTools('read logo.png', tools))[0]).toBe('mcp__fs__read_media_file');
  });
  it('takes a latitude, longitude pair out as one value and leaves `latitude longitude`', () => {
    expect(splitArguments('which street is at 40.6892,-74.0445 ?')).toEqual({
      words: 'which street is at',
      hints: ['latitude', 'longitude'],
      values: ['40.6892,-74.0445'],
      shaped: 'which street is at latitude longitude',
    });
    expect(splitArguments('elevation of Lhasa (29.65, 91.17)').values).toEqual(['29.65, 91.17']);
    // out of range, too few decimals, a version list: no coordinates
    expect(splitArguments('scale 120.25, 30.50').hints).toEqual([]);
    expect(splitArguments('add 3.5, 4.5').hints).toEqual([]);
    expect(splitArguments('bump 1.4.0, 1.5.0').hints).toEqual([]);
    // the mark the pair leaves is ours: one typed into a query is a space
    expect(splitArguments('a \u0002 b')).toEqual({ words: 'a b', hints: [], values: [], shaped: 'a b' });
    const tools = [
      def('mcp__maps__maps_reverse_geocode', 'Convert coordinates into an address', {
        latitude: { type: 'number' },
        longitude: { type: 'number' },
      }),
      def('mcp__maps__maps_directions', 'Get directions between two points, street by street', {
        origin: { type: 'string' },
      }),
    ];
    expect(names(searchTools('which street is at 40.6892,-74.0445?', tools))[0]).toBe(
      'mcp__maps__maps_reverse_geocode',
    );
  });
  it('knows a host without its scheme as a URL, and a file name as a file', () => {
    for (const host of [
      'github.com',
      'news.ycombinator.com',
      'localhost:3000',
      '127.0.0.1:8080',
      '192.168.1.1',
      'api.example.dev:443/v1',
      'example.org/login',
      'www.bbc.co.uk',
    ]) {
      expect(valueKind(host), host).toEqual({ hint: 'url' });
    }
    for (const file of ['config.yaml', 'next.js', 'a.md', 'script.py', 'jest.config.js', 'index.html']) {
      expect(valueKind(file), file).toEqual({ hint: 'file' });
    }
    expect(valueKind('vercel/next.js')).toEqual({ hint: 'path' });
    expect(valueKind('10:30')).toEqual({});
    expect(splitArguments('go to github.com.').hints).toEqual(['url']);
  });
  it('knows a value by its shape, and leaves ordinary words (with sentence punctuation) alone', () => {
    expect(valueKind('config.yaml')).toEqual({ hint: 'file' });
    expect(valueKind('*.ts')).toEqual({ hint: 'file' });
    expect(valueKind('/etc/hosts')).toEqual({ hint: 'path' });
    expect(valueKind('bob@example.com')).toEqual({});
    expect(valueKind('U123ABC')).toEqual({});
    expect(valueKind('directory')).toBeUndefined();
    expect(splitArguments('read the file.').words).toBe('read the file');
    expect(splitArguments('+read file').words).toBe('+read file');
  });
});

describe('match strength', () => {
  const w = (...terms: string[]) => new Map(terms.map((t) => [t, 1]));
  const tool = (main: string[], prose: string[] = [], name: string[] = []) => ({
    all: new Set([...main, ...prose]),
    main: new Set(main),
    nameTerms: new Set(name),
  });
  it('is the rarity-weighted share of the known query words a tool contains; prose counts PROSE_CREDIT', () => {
    expect(coverage([w('read'), w('file')], [2, 1], tool(['read']))).toBeCloseTo(2 / 3, 10);
    expect(coverage([w('read'), w('file')], [2, 1], tool(['file'], ['read']))).toBeCloseTo(
      (2 * PROSE_CREDIT + 1) / 3,
      10,
    );
    expect(coverage([], [], tool(['read']))).toBe(0);
  });
  it('is strong only with enough coverage and more than one description word as evidence', () => {
    expect(isStrong([w('read'), w('file')], [1, 1], tool(['read', 'file']))).toBe(true);
    expect(isStrong([w('send')], [1], tool(['send']))).toBe(false);
    expect(isStrong([w('fork')], [1], tool(['fork'], [], ['fork']))).toBe(true);
    expect(isStrong([w('read'), w('file')], [3, 1], tool(['file'], [], ['file']))).toBe(false);
  });
});

describe('searchTools: strength, neutral words, closest tools', () => {
  const tools = [
    def('mcp__fs__read_text_file', 'Read the complete contents of a file as text.', { path: { type: 'string' } }),
    def('mcp__fs__write_file', 'Create a new file or overwrite an existing file.', { path: { type: 'string' } }),
    def('mcp__fs__list_directory', 'List the files and directories in a path.', { path: { type: 'string' } }),
    def('mcp__chat__post_message', 'Post a new message to a channel.', { channel_id: { type: 'string' } }),
    def('mcp__mem__delete_entities', 'Delete entities from the knowledge graph.'),
  ];
  it('words no tool contains are neutral: arguments and request words do not lower a match', () => {
    const plain = searchTools('read file', tools);
    const withArgs = searchTools('please read the file quarterly-summary for Margaret', tools);
    expect(names(withArgs)[0]).toBe('mcp__fs__read_text_file');
    expect(withArgs.strong_match).toBe(true);
    expect(withArgs.results[0]!.match).toBe('strong');
    expect(withArgs.results[0]!.score).toBe(plain.results[0]!.score);
  });
  it('finds the tool for a request with real arguments (a file name, a channel, quoted text)', () => {
    expect(names(searchTools('show me the contents of config.yaml', tools))[0]).toBe('mcp__fs__read_text_file');
    const post = searchTools('post "deploy done" to the #general channel', tools);
    expect(names(post)[0]).toBe('mcp__chat__post_message');
    expect(post.strong_match).toBe(true);
  });
  it('says when nothing matches strongly and lists the closest tools, each marked weak', () => {
    const r = searchTools('delete the message I sent', tools);
    expect(r.strong_match).toBe(false);
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.every((x) => x.match === 'weak')).toBe(true);
    expect(names(r)).toContain('mcp__chat__post_message');
    expect(r.hint).toMatch(/No extra tool matches this request strongly; these are the closest/);
  });
  it('is never empty when a tool shares a word with the query; empty with a hint when none does', () => {
    expect(searchTools('message', tools).results.length).toBeGreaterThan(0);
    const none = searchTools('zzqx flurble', tools);
    expect(none.results).toEqual([]);
    expect(none.strong_match).toBe(false);
    expect(none.hint).toMatch(/shares a word/);
    // a document passed as the query is quoted back in its first 80 characters only
    const long = searchTools('zzqx '.repeat(20_000), tools);
    expect(long.hint).toMatch(/shares a word with "(zzqx ){16}…"/);
    expect(long.hint!.length).toBeLessThan(300);
  });
  it('a +required word no tool has empties the results and says which word', () => {
    const r = searchTools('read +zzqx', tools);
    expect(r.results).toEqual([]);
    expect(r.hint).toMatch(/required word "zzqx"/);
  });
});

describe('compound names', () => {
  const tools = [
    def('mcp__thinking__sequentialthinking', 'A tool for dynamic and reflective problem-solving through thoughts.'),
    def('mcp__x__get_env', 'Returns all environment variables.'),
  ];
  it('joins two adjacent query words that a tool writes as one', () => {
    const idx = indexOf(tools);
    const p = parseQuery('sequential thinking');
    joinCompounds(p.words, idx.df);
    const joined = stem('sequentialthinking');
    expect(p.words.map((x) => x.terms.get(joined))).toEqual([1, 1]);
    expect(names(searchTools('sequential thinking', tools))).toEqual(['mcp__thinking__sequentialthinking']);
  });
  it('leaves words alone when no tool has the joined word', () => {
    const p = parseQuery('fetch env');
    joinCompounds(p.words, indexOf(tools).df);
    expect(p.words.every((x) => !x.terms.has(stem('fetchenv')))).toBe(true);
  });
});

describe('WordNet relatives of words no tool contains', () => {
  const tools = [
    def('mcp__mem__create_entities', 'Create entities in the knowledge graph.'),
    def('mcp__mem__delete_entities', 'Delete entities from the knowledge graph.'),
  ];
  const off = { relatedWeight: { synonym: 0, derived: 0, hypernym: 0 } };
  // "expunge": WordNet makes "delete" its generalisation (hypernym); the delete tool's own name synonyms (document
  // expansion, tool-index.ts) do not hold it, so only the query side bridges it
  it('bridge a paraphrase: "expunge" finds the delete tool through WordNet', () => {
    expect(names(searchTools('expunge the entity Bob', tools))[0]).toBe('mcp__mem__delete_entities');
    // without relatives "expunge" is neutral and the two tools tie on "entity" (then by name)
    expect(names(searchTools('expunge the entity Bob', tools, 5, off))[0]).toBe('mcp__mem__create_entities');
  });
  it('are added at their relation weight, only as stems some tool contains', () => {
    const idx = indexOf(tools);
    const p = parseQuery('expunge entity');
    addRelatives(p.words, idx.df);
    const expunge = p.words[0]!.terms;
    expect(expunge.get(stem('expunge'))).toBe(1);
    expect(expunge.get(stem('delete'))).toBeGreaterThan(0);
    expect(expunge.get(stem('delete'))).toBeLessThan(1);
    expect([...expunge.keys()].every((t) => t === stem('expunge') || idx.df.has(t))).toBe(true);
  });
  it('are not added to a word a tool already contains, unless asked for every word', () => {
    const idx = indexOf([def('mcp__x__remove_item', 'Remove an item.'), def('mcp__x__delete_item', 'Delete it.')]);
    const known = parseQuery('remove');
    addRelatives(known.words, idx.df);
    expect([...known.words[0]!.terms.keys()]).toEqual([stem('remove')]);
    const all = parseQuery('erase');
    addRelatives(all.words, idx.df, undefined, 'all');
    expect(all.words[0]!.terms.has(stem('delete'))).toBe(true);
  });
  it('leave a word with no relative in any tool neutral', () => {
    const a = searchTools('erase entity', tools);
    const b = searchTools('erase entity zzqxv', tools);
    expect(b.results.map((r) => [r.name, r.score])).toEqual(a.results.map((r) => [r.name, r.score]));
  });
  it('weigh less than the word itself: a tool naming the word outranks one holding its synonym', () => {
    const two = [...tools, def('mcp__mem__erase_entities', 'Erase entities from the knowledge graph.')];
    expect(names(searchTools('erase entities', two))[0]).toBe('mcp__mem__erase_entities');
  });
});

describe('prefix matches', () => {
  const tools = [def('mcp__gh__search_repositories', 'Search for repositories.'), def('mcp__x__other', 'Other.')];
  it('a query word of 4+ letters matches the words it begins ("repos" → repositories), weaker than a whole word', () => {
    expect(names(searchTools('find repos', tools))).toEqual(['mcp__gh__search_repositories']);
    expect(searchTools('find repos', tools, 5, { prefixWeight: 0 }).results).toEqual([]);
    const whole = searchTools('repositories', tools).results[0]!.score;
    expect(searchTools('repos', tools).results[0]!.score).toBeLessThan(whole);
  });
  it('a shorter word matches whole words only', () => {
    expect(searchTools('rep', tools).results).toEqual([]);
  });
});

describe('the index (MiniSearch, field boosts)', () => {
  it('indexes titles, parameter names (split) and their descriptions, nested ones included', () => {
    const t = {
      ...def('mcp__x__op', 'Does it.', {
        entityNames: {
          type: 'array',
          items: { type: 'object', properties: { sortBy: { type: 'string', description: 'Ordering key' } } },
        },
      }),
      title: 'Frobnicator',
    };
    const idx = indexOf([t]);
    expect(idx.tools[0]!.text.paramNames).toBe('entityNames sortBy');
    expect(idx.tools[0]!.text.paramText).toBe('Ordering key');
    expect(idx.tools[0]!.nameTerms.has(stem('frobnicator'))).toBe(true);
    const other = def('mcp__x__other', 'Other.');
    expect(names(searchTools('sortBy', [t, other]))).toEqual(['mcp__x__op']);
    expect(names(searchTools('frobnicator', [t, other]))).toEqual(['mcp__x__op']);
  });
  it('a name match outranks the same word in a description', () => {
    const tools = [def('mcp__a__zip_file', 'Zips a file into an archive.'), def('mcp__a__archive_file', 'Stores it.')];
    expect(names(searchTools('archive', tools))[0]).toBe('mcp__a__archive_file');
  });
  it('drops results far below the best strong one', () => {
    const tools = [
      def('mcp__a__archive_file', 'Archive a file.'),
      def('mcp__a__list_items', 'List the items of a folder; an item that is a file says whether it is an archive.'),
    ];
    expect(names(searchTools('archive file', tools, 5, { minRelativeScore: 0.9 }))).toEqual(['mcp__a__archive_file']);
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
  it('takes BM25+ parameters as an option (the tuning harness varies them)', () => {
    const tools = [def('mcp__a__one', 'Zip zip zip zip a file.'), def('mcp__a__two', 'Zip it.')];
    const scores = (o: SearchOptions) =>
      searchTools('zip', tools, 5, { minRelativeScore: 0, ...o }).results.map((r) => r.score);
    const flat = scores({ rank: { bm25: { k: 0, b: 0, d: 0.5 } } });
    expect(flat[0]).toBe(flat[1]);
    expect(scores({})).not.toEqual(flat);
  });
  it('reuses the index of the same registry array', () => {
    const tools = [def('a_tool', 'A.')];
    expect(indexOf(tools)).toBe(indexOf(tools));
    expect(indexOf([...tools])).not.toBe(indexOf(tools));
  });
});

describe('server lines', () => {
  it('name each server with its tool count and the words its tool names use most', () => {
    const lines = serverLines([
      def('mcp__gh__create_issue', ''),
      def('mcp__gh__update_issue', ''),
      def('mcp__gh__create_branch', ''),
      def('mcp__notes__API-get-page', ''),
      def('mcp__notes__API-move-page', ''),
      def('local_tool', ''),
    ]);
    expect(lines).toEqual([
      '- gh (3): create, issue, branch',
      '- notes (2): move', // api and page: every tool of the server has them
      '- other (1): local',
    ]);
    expect(serverOf('mcp__a__b')).toBe('a');
    expect(serverOf('plain')).toBe('other');
  });
});

describe("commands read through the system manual's NAME summaries", () => {
  it('reads the summary of a man(7) page and of an mdoc(7) page, roff escapes out', () => {
    expect(nameSummary('.TH MKDIR 1\n.SH NAME\nmkdir \\- make directories\n.SH SYNOPSIS\n')).toBe('make directories');
    expect(nameSummary('.SH "NAME"\n\\fBgrep\\fR, egrep \\- print lines that match\npatterns\n.SH X')).toBe(
      'print lines that match patterns',
    );
    expect(nameSummary('.Dd 2020\n.Sh NAME\n.Nm cat\n.Nd concatenate and print files\n.Sh SYNOPSIS')).toBe(
      'concatenate and print files',
    );
    expect(nameSummary('.SH SYNOPSIS\nls [x]\n')).toBeUndefined();
  });
  it('turns roff strings and special characters into text: an apostrophe, not \\*(Aq', () => {
    const page = '.SH NAME\nopen \\- opens a file in the user\\*(Aqs \\*(lqpreferred\\*(rq application\n.SH X';
    expect(nameSummary(page)).toBe("opens a file in the user's preferred application");
    expect(nameSummary('.SH NAME\nx \\- the user\\(aqs \\*[lq]own\\*[rq] \\(cofiles\n')).toBe("the user's own files");
  });
  it('finds a page of section 1 or 8, gzip or plain, follows a .so link, and never reads a path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'floe-man-'));
    try {
      mkdirSync(join(dir, 'man1'));
      mkdirSync(join(dir, 'man8'));
      writeFileSync(join(dir, 'man1', 'frob.1.gz'), gzipSync('.SH NAME\nfrob \\- list directory contents\n'));
      writeFileSync(join(dir, 'man8', 'zap.8'), '.SH NAME\nzap \\- remove files\n');
      writeFileSync(join(dir, 'man1', 'frobnicate.1'), '.so man1/frob.1\n');
      expect(commandSummary('frob', [dir])).toBe('list directory contents');
      expect(commandSummary('zap', [dir])).toBe('remove files');
      expect(commandSummary('frobnicate', [dir])).toBe('list directory contents');
      expect(commandSummary('nothing', [dir])).toBeUndefined();
      expect(commandSummary('../man1/frob', [dir])).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("gives a word no tool contains and WordNet does not know its command's summary words that tools contain", () => {
    const tools = [
      def('mcp__fs__create_directory', 'Create a new directory'),
      def('mcp__fs__read_file', 'Read a file'),
    ];
    const df = indexOf(tools).df;
    const words = parseQuery('mkdir cat').words;
    const summaries: Record<string, string> = { mkdir: 'make directories', cat: 'concatenate files and print' };
    addCommandSummaries(words, df, 0.5, (w) => summaries[w]);
    expect([...words[0]!.terms]).toEqual([
      ['mkdir', 1],
      ['directori', 0.5],
    ]);
    // "cat" is an English word (WordNet knows it): its page is not read for it
    expect([...words[1]!.terms]).toEqual([['cat', 1]]);
  });
  it('reads the first word of a query shaped like a command line as its command, never as its WordNet senses', () => {
    const tools = [
      def('mcp__fs__move_file', 'Move or rename a file'),
      def('mcp__fs__read_file', 'Read a file'),
      // "element" is a WordNet relative of "mv" (mendelevium is one)
      def('mcp__lab__list_elements', 'List the chemical elements'),
    ];
    const df = indexOf(tools).df;
    const summaries: Record<string, string> = { mv: 'move (rename) files' };
    const commandLine = 'mv draft.md posts/final.md';
    const parsed = parseQuery(commandLine);
    const command = commandWordOf(commandLine, parsed);
    expect(command?.word).toBe('mv');
    addCommandSummaries(parsed.words, df, 0.5, (w) => summaries[w], command);
    addRelatives(parsed.words, df);
    expect(parsed.words[0]!.command).toBe(true);
    expect([...parsed.words[0]!.terms]).toEqual([
      ['mv', 1],
      ['move', 0.5],
      ['renam', 0.5],
      ['file', 0.5],
    ]);
    // without the command-line shape (no argument, no option) the English word gets its WordNet relatives, no page
    const alone = parseQuery('mv');
    expect(commandWordOf('mv', alone)).toBeUndefined();
    addCommandSummaries(alone.words, df, 0.5, (w) => summaries[w], undefined);
    addRelatives(alone.words, df);
    expect(alone.words[0]!.command).toBeUndefined();
    expect([...alone.words[0]!.terms.keys()]).toEqual(['mv', 'element']);
  });
  it('knows a command line by its first token and an argument value or an option', () => {
    const word = (q: string) => commandWordOf(q, parseQuery(q))?.word;
    expect(word('mv draft.md posts/final.md')).toBe('mv');
    expect(word('git log --oneline -20')).toBe('git');
    expect(word('kill 4242')).toBe('kill');
    expect(word('then mv draft.md out/')).toBeUndefined();
    expect(word('"draft.md" mv')).toBeUndefined();
    expect(word('mv the draft')).toBeUndefined();
    expect(word('+mv draft.md')).toBeUndefined();
    expect(word('')).toBeUndefined();
  });
  it('finds the move tool for `mv a b` through the manual page of this machine', () => {
    const tools = [
      def('mcp__fs__edit_file', 'Edit the lines of a file'),
      def('mcp__fs__move_file', 'Move or rename files and directories'),
      def('mcp__fs__read_file', 'Read the contents of a file'),
    ];
    const [first, second] = searchTools('mv draft.md posts/final.md', tools).results;
    expect(first?.name).toBe('mcp__fs__move_file');
    // ranked by what `mv` does, not by a tie on the file name's hint
    expect(first!.score).toBeGreaterThan(2 * second!.score);
  });
});

describe('document expansion with WordNet synonyms of tool names', () => {
  it("finds a tool through a synonym of its name's word that the query-side relatives do not reach", () => {
    const tools = [def('mcp__shop__get_item', 'Get one item'), def('mcp__shop__search_items', 'Find items by text')];
    expect(indexOf(tools).tools[1]!.related.has('look')).toBe(true);
    expect(names(searchTools('look for items', tools))[0]).toBe('mcp__shop__search_items');
  });
});

describe('copies of one tool on several servers', () => {
  it('show one of them before the tools of other groups, the rest after', () => {
    const tools = [
      def('mcp__github__create_issue', 'Create a new issue in a GitHub repository'),
      def('mcp__gitea__create_issue', 'Create a new issue in a Gitea repository'),
      def('mcp__files__create_file', 'Create a new file'),
      def('mcp__files2__create_file', 'Create a new file'),
    ];
    const sig = indexOf(tools).tools.map((t) => t.signature);
    expect(sig[0]).toBe(sig[1]);
    expect(sig[2]).toBe(sig[3]);
    expect(sig[0]).not.toBe(sig[2]);
    const got = names(searchTools('create new issue file', tools, 4));
    expect(got.slice(0, 2).sort()).toEqual(['mcp__files__create_file', 'mcp__gitea__create_issue']);
    expect(names(searchTools('create new gitea issue', tools, 4))[0]).toBe('mcp__gitea__create_issue');
  });
});
