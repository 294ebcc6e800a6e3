// A session of several trace files (issue 10): the seed-protocol fixture (test/fixtures/traces/seed-compaction, a
// session compacted into `_001` and `_002`) imports, lists, shows and exports as one session with the real `floe`
// CLI on a temp FLOE_HOME, and the host pages it from a real SQLite index with offsets that are unique across the
// parts (each row's record is the line at that offset of the export). An export imports back into the same parts.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHost, type HostService } from '../../main/host/index.js';
import { jsonLines, REPO, runCli, tempHome, type TempHome } from '../helpers/cli.js';
import { ok } from '../helpers/host.js';

const FIXTURE = path.join(REPO, 'test/fixtures/traces/seed-compaction');
const ID = 'seedharness-2025-06-02-build-fix';
const PART1 = path.join(FIXTURE, `${ID}_001.jsonl`);
const PART2 = path.join(FIXTURE, `${ID}_002.jsonl`);
const text1 = fs.readFileSync(PART1, 'utf8');
const text2 = fs.readFileSync(PART2, 'utf8');
const lineCount = (t: string) => t.split('\n').filter((l) => l.trim()).length;

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

function home(): TempHome {
  const env = tempHome({ baseUrl: 'http://127.0.0.1:9/v1' });
  cleanups.push(() => env.cleanup());
  return env;
}

function host(env: TempHome): HostService {
  const h = createHost({ home: env.home, mode: 'desktop' });
  cleanups.push(() => h.dispose());
  return h;
}

const storedParts = (env: TempHome) =>
  fs
    .readdirSync(path.join(env.home, 'agents/default/traces/2025-06-02'))
    .sort()
    .map((f) => path.join(env.home, 'agents/default/traces/2025-06-02', f));

describe('a session of several trace files', () => {
  it('floe traces import/list/show/export treat _001 and _002 as one session', async () => {
    const env = home();
    // given out of order: the parts are put in order by their _NNN
    const imp = await runCli(['traces', 'import', PART2, PART1], { home: env.home });
    expect(imp.stderr).toBe('');
    expect(imp.code).toBe(0);
    expect(imp.stdout).toBe(`imported ${ID} (2 files: ${PART1}, ${PART2})\n`);
    const parts = storedParts(env);
    expect(parts.map((f) => path.basename(f))).toEqual([`${ID}_001.jsonl`, `${ID}_002.jsonl`]);
    expect(fs.readFileSync(parts[0]!, 'utf8')).toBe(text1);
    expect(fs.readFileSync(parts[1]!, 'utf8')).toBe(text2);

    const list = jsonLines((await runCli(['traces', 'list', '--json'], { home: env.home })).stdout);
    expect(list.map((r) => r.sessionId)).toEqual([ID]);
    expect(list[0].events).toBe(lineCount(text1) + lineCount(text2));
    expect(list[0].title).toBe('Find why the build fails and fix it');

    const shown = await runCli(['traces', 'show', ID], { home: env.home });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`── part 2: ${ID}_002.jsonl (the context after a compaction) ──`);
    expect(shown.stdout.indexOf('› Find why the build fails')).toBeLessThan(shown.stdout.indexOf('── part 2'));
    expect(shown.stdout.indexOf('── part 2')).toBeLessThan(shown.stdout.indexOf('The build passes now'));

    // a reindex from the files finds the same one session with the records of both parts
    const re = await runCli(['traces', 'reindex'], { home: env.home });
    expect(re.stdout).toContain(`of 1 sessions from 2 files (0 sessions added`);
    const relisted = jsonLines((await runCli(['traces', 'list', '--json'], { home: env.home })).stdout);
    expect(relisted.map((r) => [r.sessionId, r.events])).toEqual([[ID, list[0].events]]);

    const exported = await runCli(['traces', 'export', ID], { home: env.home });
    expect(exported.code).toBe(0);
    expect(exported.stdout).toBe(text1 + text2);

    // the export, imported elsewhere as one file, is cut back into the same two parts
    const other = home();
    const file = path.join(other.workspace, 'exported.jsonl');
    fs.writeFileSync(file, exported.stdout);
    const again = await runCli(['traces', 'import', file], { home: other.home });
    expect(again.stdout).toBe(`imported ${ID}\n`);
    const parts2 = storedParts(other);
    expect(parts2.map((f) => fs.readFileSync(f, 'utf8'))).toEqual([text1, text2]);
  });

  it('the host pages both parts from SQLite; offsets are positions in the export and records come from the right part', async () => {
    const env = home();
    const h = host(env);
    expect(await ok(h, 'traces.import', { jsonl: [text1, text2] })).toEqual({ sessionId: ID, warnings: [] });
    const all = text1 + text2;
    const page = await ok(h, 'traces.page', { sessionId: ID, offset: 0, limit: 500 });
    expect(page.total).toBe(lineCount(all));
    const rows = page.rows as { offset: number; length: number; part: number; kind: string }[];
    expect(rows.map((r) => r.part)).toEqual([...Array(lineCount(text1)).fill(1), ...Array(lineCount(text2)).fill(2)]);
    expect(new Set(rows.map((r) => r.offset)).size).toBe(rows.length);
    const bytes = Buffer.from(all, 'utf8');
    for (const r of rows) {
      const expected = bytes.subarray(r.offset, r.offset + r.length).toString('utf8');
      const rec = await ok(h, 'traces.record', { sessionId: ID, offset: r.offset });
      expect(rec.line).toBe(expected);
      expect(rec.message.type === 'session_meta' ? 'session_meta' : rec.message.payload.type).toBe(r.kind);
    }
    // the compaction events are indexed with their status
    const cmp = await ok(h, 'traces.page', {
      sessionId: ID,
      offset: 0,
      limit: 50,
      kinds: ['compaction_begin', 'compaction_end'],
    });
    expect(cmp.rows.map((r: any) => `${r.part}:${r.kind}:${r.status}`)).toEqual([
      '1:compaction_begin:null',
      '1:compaction_end:completed',
      '2:compaction_begin:null',
      '2:compaction_end:failed',
    ]);
    expect((await ok(h, 'traces.export', { sessionId: ID })).jsonl).toBe(all);
    expect(await ok(h, 'traces.list', {})).toMatchObject([{ sessionId: ID, events: lineCount(all) }]);
  });

  it('a session_meta of another session inside a trace is refused, naming the file and line; nothing is written', async () => {
    const env = home();
    const h = host(env);
    const foreign = text2.replaceAll(ID, 'another-session-9');
    const r = await h.call('traces.import', { jsonl: [text1, foreign] });
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message:
          'The trace cannot be imported: file 2 of 2: line 1: a session_meta of another session ("another-session-9") ' +
          `in the trace of "${ID}". Import each session's files on their own.`,
      },
    });
    expect(fs.existsSync(path.join(env.home, 'agents/default/traces'))).toBe(false);
  });
});
