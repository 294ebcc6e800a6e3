// `floe traces list|show|export|import|reindex`: the trace browser for the terminal. It uses the host's own trace
// handlers over floe.db (so CLI and UI list, export and import the same way), without starting a host.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { OmniMessage, TokenCounts } from '../../shared/omni/types.js';
import { costOf, summarizeUsage, type Prices } from '../../shared/usage.js';
import { dbPath, floeHome } from '../config/home.js';
import type { HostContext } from '../host/context.js';
import { HostError } from '../host/errors.js';
import { traceHandlers } from '../host/traces.js';
import { openStore, type Store } from '../store/index.js';
import { groupTraceFiles } from '../../shared/trace-parts.js';
import { findTraceFiles, readTrace, validateImportedTrace } from '../trace/index.js';
import type { ExportFormat } from '../trace/export-as.js';
import { toFloeTrace } from '../trace/import/index.js';
import { pushOtlp, tracesUrl } from '../trace/otel/push.js';
import { loadConfig } from '../config/index.js';
import { fail, UsageError } from './exit.js';
import { humanRenderer } from './render.js';
import { pricesFor, requestLine, sessionUsage, tryLoadConfig, usageLine } from './usage.js';

async function withStore<T>(fn: (store: Store, home: string) => T | Promise<T>): Promise<T> {
  const home = floeHome();
  const store = openStore(dbPath(home));
  try {
    return await fn(store, home);
  } finally {
    store.close();
  }
}

function handlers(store: Store, home: string) {
  const ctx = { home, store, events: { emit() {} } } as unknown as HostContext;
  const h = traceHandlers(ctx);
  return new Proxy(h, {
    get(target, key) {
      const fn = (target as Record<string, (p: unknown, ctx: object) => unknown>)[key as string];
      return async (p: unknown) => {
        try {
          return await fn(p, {});
        } catch (e) {
          if (e instanceof HostError) fail(e.message);
          throw e;
        }
      };
    },
  }) as { [K in keyof typeof h]: (p: Parameters<(typeof h)[K]>[0]) => Promise<Awaited<ReturnType<(typeof h)[K]>>> };
}

const EXPORT_FORMATS = ['jsonl', 'otlp', 'otlp-jsonl', 'html'];

export function registerTracesCommand(program: Command): void {
  const traces = program.command('traces').description('list, show, export, import and reindex session traces');

  traces
    .command('list')
    .description('sessions with traces, newest first')
    .option('--text <words>', 'only sessions whose id or title contains this')
    .option('--limit <n>', 'at most this many', '50')
    .option('--json', 'one JSON object per line')
    .action((o: { text?: string; limit: string; json?: boolean }) =>
      withStore(async (store, home) => {
        const rows = (await handlers(store, home)['traces.list']({ text: o.text })).slice(
          0,
          Math.max(1, Number(o.limit) || 50),
        );
        const config = tryLoadConfig(home);
        const usage = (r: (typeof rows)[number]) => {
          const u = sessionUsage(home, r.sessionId, r.agent);
          const prices = pricesFor(config, r.model);
          const cost = u.session ? costOf(u.session, prices) : undefined;
          return { u, prices, cost };
        };
        if (o.json)
          for (const r of rows) {
            const { u, cost } = usage(r);
            const extra = {
              contextTokens: u.context,
              contextWindow: u.window,
              tokens: u.session ?? null,
              ...(cost !== undefined ? { cost } : {}),
            };
            process.stdout.write(JSON.stringify({ ...r, ...extra }) + '\n');
          }
        else if (!rows.length)
          process.stdout.write('no sessions yet (run `floe traces reindex` if traces exist on disk)\n');
        else
          for (const r of rows) {
            const { u, prices } = usage(r);
            process.stdout.write(
              `${r.sessionId}  ${r.status.padEnd(9)} ${String(r.events).padStart(6)} ev  ${r.model}  ${usageLine(u, prices)}  ${r.title}\n`,
            );
          }
      }),
    );

  traces
    .command('show')
    .argument('<session-id>')
    .description('print a session trace (human-readable, or --json lines as stored)')
    .option('--json', 'the raw JSON lines')
    .action((id: string, o: { json?: boolean }) => {
      const files = findTraceFiles(floeHome(), id);
      if (!files.length) fail(`no trace found for session ${id}; see \`floe traces list\``);
      if (o.json) {
        for (const f of files) process.stdout.write(fs.readFileSync(f));
        return;
      }
      const r = humanRenderer((s) => process.stdout.write(s), !!process.stdout.isTTY && !process.env.NO_COLOR);
      const all: OmniMessage[] = [];
      let prices: Prices | undefined;
      const config = tryLoadConfig(floeHome());
      for (const [i, f] of files.entries()) {
        const t = readTrace(f);
        if (i > 0) process.stdout.write(`── part ${i + 1}: ${path.basename(f)} (the context after a compaction) ──\n`);
        for (const m of t.messages as OmniMessage[]) {
          all.push(m);
          const p = m.payload as {
            type?: string;
            role?: string;
            text?: string;
            thinking?: string;
            request?: TokenCounts;
          };
          if (m.type === 'session_meta') {
            const meta = m.payload as { provider: string; model_id: string };
            prices ??= pricesFor(config, `${meta.provider}/${meta.model_id}`);
            if (i === 0) process.stdout.write(`session ${id} · ${meta.provider}/${meta.model_id}\n`);
          } else if (p.type === 'token_usage' && p.request && !m.origin)
            process.stdout.write(`  (${requestLine(p.request, prices)})\n`);
          else if (p.type === 'text') process.stdout.write(`${p.role === 'user' ? '› ' : ''}${p.text}\n`);
          else if (p.type === 'thinking') process.stdout.write(`(thinking) ${p.thinking}\n`);
          else r.push(m);
        }
        if (t.tornTail) process.stdout.write('(the last line is torn: the writer crashed mid-record)\n');
      }
      r.end();
      process.stdout.write(`${usageLine(summarizeUsage(all), prices)}\n`);
    });

  traces
    .command('export')
    .argument('<session-id>')
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option(
      '--format <format>',
      'jsonl (as stored) | otlp (OTLP JSON) | otlp-jsonl (one OTLP request per task) | html',
      'jsonl',
    )
    .option('--content', 'otlp: put prompts, texts, tool arguments and outputs in the spans (off by default)')
    .description('the trace as stored (JSON Lines), as OpenTelemetry spans, or as one HTML page')
    .action((id: string, o: { output?: string; format: string; content?: boolean }) =>
      withStore(async (store, home) => {
        if (!EXPORT_FORMATS.includes(o.format))
          fail(`--format must be one of ${EXPORT_FORMATS.join(', ')} (got ${JSON.stringify(o.format)})`);
        const h = handlers(store, home);
        const text =
          o.format === 'jsonl'
            ? (await h['traces.export']({ sessionId: id })).jsonl
            : (await h['traces.exportAs']({ sessionId: id, format: o.format as ExportFormat, content: !!o.content }))
                .text;
        if (o.output) fs.writeFileSync(o.output, text);
        else process.stdout.write(text);
      }),
    );

  traces
    .command('push')
    .argument('<session-ids...>')
    .description('send sessions as OpenTelemetry spans to otlp.endpoint of config.yaml (OTLP/HTTP JSON)')
    .action((ids: string[]) =>
      withStore(async (store, home) => {
        const otlp = loadConfig(home).otlp;
        if (!otlp)
          fail(
            `no otlp endpoint in ${path.join(home, 'config.yaml')}; add e.g. "otlp: {endpoint: http://127.0.0.1:4318}"` +
              ' (see docs/configuration.md)',
          );
        const h = handlers(store, home);
        for (const id of ids) {
          const { text } = await h['traces.exportAs']({
            sessionId: id,
            format: 'otlp-jsonl',
            content: otlp.capture_content,
          });
          const bodies = text.split('\n').filter(Boolean);
          const r = await pushOtlp(bodies, { endpoint: otlp.endpoint, headers: otlp.headers });
          if ('error' in r) fail(`${id}: ${r.error}`);
          process.stdout.write(
            `pushed ${id} (${r.sent} request${r.sent === 1 ? '' : 's'} to ${tracesUrl(otlp.endpoint)})\n`,
          );
        }
      }),
    );

  traces
    .command('import')
    .argument(
      '<files...>',
      'JSONL traces of this protocol (from Floe or another harness); the files of one session ' +
        '(<id>_001.jsonl, <id>_002.jsonl, …) import as one session; a parent and its subagents link',
    )
    .description('copy traces into FLOE_HOME and index them (a session id that exists is refused)')
    .action((files: string[]) =>
      withStore(async (store, home) => {
        for (const file of files) {
          if (!fs.existsSync(file)) fail(`${file} does not exist; nothing from it was imported`);
          if (!fs.statSync(file).isFile()) fail(`${file} is not a file; pass a .jsonl trace file`);
        }
        // the files of one session (`<id>_001.jsonl`, `<id>_002.jsonl`, …) become one session, in part order
        // OTLP JSON, Claude Code and Codex files are converted to Floe's format first (Floe's pass unchanged)
        const picked = files.map((f) => {
          const converted = toFloeTrace(fs.readFileSync(f, 'utf8'));
          if ('error' in converted) fail(`${f}: The trace cannot be imported: ${converted.error}`);
          return { name: f, text: converted.text };
        });
        const groups = groupTraceFiles(picked);
        for (const g of groups) {
          const warnings: string[] = [];
          for (const f of g.files) {
            const checked = validateImportedTrace(f.text);
            if ('error' in checked) fail(`${f.name}: The trace cannot be imported: ${checked.error}`);
            warnings.push(...checked.warnings.map((w) => `${f.name}: ${w}`));
          }
          const names = g.files.map((f) => f.name).join(', ');
          let r: { sessionId: string; warnings: string[] };
          try {
            r = await handlers(store, home)['traces.import']({
              jsonl: g.files.length === 1 ? g.files[0]!.text : g.files.map((f) => f.text),
            });
          } catch (e) {
            if (e instanceof UsageError) fail(`${names}: ${e.message}`);
            throw e;
          }
          for (const w of warnings) process.stderr.write(`floe: warning: ${w}\n`);
          const n = g.files.length;
          process.stdout.write(`imported ${r.sessionId}${n > 1 ? ` (${n} files: ${names})` : ''}\n`);
        }
      }),
    );

  traces
    .command('reindex')
    .description('rebuild the trace index in floe.db from the trace files')
    .action(() =>
      withStore((store, home) => {
        const r = store.reindexAll(home);
        process.stdout.write(
          `indexed ${r.events} events of ${r.sessions} sessions from ${r.files} files (${r.sessionsAdded} sessions added, ${r.skippedLines} lines skipped)\n`,
        );
        for (const e of r.errors) process.stderr.write(`  ${e.file}: ${e.message}\n`);
      }),
    );
}
