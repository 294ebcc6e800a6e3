// Handlers for the trace browser: list (filters), page (from the SQLite index), record (the raw line from the
// file), export (the files' bytes exactly), import (validated; a duplicate session id is refused; the text is
// written byte for byte under its agent in FLOE_HOME, one file per part, and indexed). A session of several parts
// (`_001`, `_002` after a compaction, …) is one session here: rows carry offsets into the parts joined, as exported.
// Must not rewrite existing trace files.
import { mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { looksLikeOmniMessage } from '../../shared/omni/guards.js';
import type { OmniMessage, SessionMetaPayload, TokenCounts } from '../../shared/omni/types.js';
import { titleOf } from '../../shared/printable.js';
import { parentOfMeta } from '../store/reindex.js';
import { exportAs, messagesOfTrace } from '../trace/export-as.js';
import { toFloeTrace } from '../trace/import/index.js';
import { exportTrace, findTraceFiles, isSafeSegment, traceFilePath, validateImportedParts } from '../trace/index.js';
import type { HostContext } from './context.js';
import { badRequest, conflict, notFound } from './errors.js';
import { mustSession } from './sessions.js';
import { createTimelines } from './trace-timeline.js';
import type { Handlers } from './table.js';
import { matchesTraceFilter, traceRowView, traceSummaryView } from './views.js';

type M =
  | 'traces.list'
  | 'traces.page'
  | 'traces.rows'
  | 'traces.record'
  | 'traces.export'
  | 'traces.exportAs'
  | 'traces.import';

interface RowRef {
  file: string;
  byte_offset: number;
  byte_length: number;
}

export function traceHandlers(ctx: HostContext): Handlers<M> {
  const { store, home } = ctx;
  const rowAt = store.db.prepare<[string, string, number], RowRef>(
    'SELECT file, byte_offset, byte_length FROM trace_events WHERE session_id = ? AND file = ? AND byte_offset = ? LIMIT 1',
  );
  const filesOf = (id: string): string[] => {
    const s = store.sessions.get(id);
    const own = s ? findTraceFiles(home, id, s.agent) : [];
    return own.length ? own : findTraceFiles(home, id);
  };
  /** Each part of the session with where it begins in the parts joined (only the last part still grows). */
  const partsOf = (id: string): { file: string; start: number; size: number }[] => {
    let start = 0;
    return filesOf(id).map((file) => {
      let size = 0;
      try {
        size = statSync(file).size;
      } catch {
        /* deleted meanwhile: an empty part */
      }
      const p = { file, start, size };
      start += size;
      return p;
    });
  };

  const timelines = createTimelines({
    traces: store.traces,
    partStarts: (id) => new Map(partsOf(id).map((p) => [p.file, p.start])),
  });

  return {
    'traces.list': (f) => {
      const names = new Map(store.projects.list().map((p) => [p.id, p.name]));
      return store.sessions
        .list(f.projectId ? { projectId: f.projectId } : {})
        .filter((s) => matchesTraceFilter(s, f))
        .map((s) =>
          traceSummaryView(s, s.projectId ? (names.get(s.projectId) ?? null) : null, store.traces.countEvents(s.id)),
        );
    },
    'traces.page': ({ sessionId, offset, limit, kinds, toolName, text }) => {
      mustSession(ctx, sessionId);
      const filter = { kinds, toolName, text };
      const rows = store.traces.pageEvents(sessionId, { ...filter, offset, limit });
      const starts = new Map(partsOf(sessionId).map((p) => [p.file, p.start]));
      return {
        rows: rows.map((r, i) => traceRowView(r, offset + i, starts.get(r.file) ?? 0)),
        total: store.traces.countEvents(sessionId, filter),
      };
    },
    'traces.rows': (p) => {
      mustSession(ctx, p.sessionId);
      return timelines.page(p);
    },
    'traces.record': ({ sessionId, offset }) => {
      mustSession(ctx, sessionId);
      store.traces.flush();
      const parts = partsOf(sessionId);
      const part = parts.find((p, i) => offset >= p.start && (offset < p.start + p.size || i === parts.length - 1));
      const r = part ? rowAt.get(sessionId, part.file, offset - part.start) : undefined;
      if (!r) throw notFound(`Session ${sessionId} has no trace record at byte ${offset}; reload the trace.`);
      const line = store.traces.readRecord({ file: r.file, offset: r.byte_offset, length: r.byte_length });
      let message = null;
      try {
        const v: unknown = JSON.parse(line);
        if (looksLikeOmniMessage(v)) message = v;
      } catch {
        message = null;
      }
      return { line, message };
    },
    'traces.export': ({ sessionId }) => {
      const files = filesOf(sessionId);
      if (!files.length)
        throw notFound(`No trace file found for session ${sessionId} under ${home}/agents; it may have been deleted.`);
      return { jsonl: exportTrace(files), fileName: `${sessionId}.jsonl` };
    },
    'traces.exportAs': ({ sessionId, format, content }) => {
      const files = filesOf(sessionId);
      if (!files.length)
        throw notFound(`No trace file found for session ${sessionId} under ${home}/agents; it may have been deleted.`);
      const messages = messagesOfTrace(exportTrace(files));
      const title = store.sessions.get(sessionId)?.title || undefined;
      return exportAs(messages, format, { captureContent: content, title, sessionId });
    },
    'traces.import': async ({ jsonl, projectId }) => {
      // OTLP JSON, Claude Code and Codex files become Floe's format first; Floe's own pass through byte for byte
      const texts: string[] = [];
      for (const t of typeof jsonl === 'string' ? [jsonl] : jsonl) {
        const converted = toFloeTrace(t);
        if ('error' in converted) throw badRequest(`The trace cannot be imported: ${converted.error}`);
        texts.push(converted.text);
      }
      const checked = validateImportedParts(texts);
      if ('error' in checked) throw badRequest(`The trace cannot be imported: ${checked.error}`);
      const { sessionId, parts, warnings } = checked;
      const messages = parts.flatMap((p) => p.messages);
      if (store.sessions.get(sessionId) || findTraceFiles(home, sessionId).length) {
        throw conflict(
          `A session with id ${sessionId} exists already; it was not imported again. Delete the existing one first to replace it.`,
        );
      }
      if (projectId && !store.projects.get(projectId))
        throw notFound(`There is no project with id ${projectId}; reload the project list.`);
      const meta = messages[0]!.payload as SessionMetaPayload;
      const claimed = (meta.agent_state as { agent?: unknown } | undefined)?.agent;
      const agent = typeof claimed === 'string' && isSafeSegment(claimed) ? claimed : 'default';
      let files: string[];
      try {
        files = parts.map((_, i) => traceFilePath(home, agent, sessionId, i + 1, new Date(messages[0]!.timestamp)));
      } catch (e) {
        throw badRequest(`The trace cannot be imported: line 1: ${(e as Error).message}`);
      }
      const written: string[] = [];
      try {
        for (const [i, file] of files.entries()) {
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, parts[i]!.text, { flag: 'wx', mode: 0o600 });
          written.push(file);
        }
      } catch (e) {
        for (const f of written) rmSync(f, { force: true }); // all parts or none
        const file = files[written.length]!;
        const code = (e as { code?: string }).code;
        if (code === 'EEXIST') throw conflict(`A trace file for session ${sessionId} exists already (${file}).`);
        if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOSPC' || code === 'ENOTDIR') {
          throw badRequest(
            `Cannot write the trace to ${file} (${code}): check that ${home}/agents is a writable folder with free space.`,
          );
        }
        throw e;
      }
      // the row first (from the parsed records), then the index in chunks: a large trace shows its first page while
      // the rest is still being indexed (`trace.indexed` after each chunk)
      const isUserText = (m: OmniMessage): boolean => {
        const p = m.payload as { type?: string; role?: string };
        return p.type === 'text' && p.role === 'user';
      };
      const firstUser = messages.find(isUserText);
      const lastUsage = [...messages].reverse().find((m) => (m.payload as { type?: string }).type === 'token_usage');
      const tokens = (lastUsage?.payload as { session?: TokenCounts } | undefined)?.session;
      const workspaceProject =
        typeof meta.workspace === 'string' ? store.projects.getByPath(meta.workspace) : undefined;
      store.sessions.create({
        id: sessionId,
        projectId: projectId ?? workspaceProject?.id ?? null,
        agent,
        model:
          typeof meta.provider === 'string' && typeof meta.model_id === 'string'
            ? `${meta.provider}/${meta.model_id}`
            : 'unknown',
        title: titleOf(firstUser ? String((firstUser.payload as { text?: unknown }).text ?? '') : null),
        approvalMode: 'always-ask',
        status: 'idle',
        // a subagent's trace links to its parent through the parent's `subagent` pointer, in either import order
        source: parentOfMeta(meta) ? 'subagent' : 'import',
        parentSessionId: parentOfMeta(meta) ?? null,
        createdAt: messages[0]!.timestamp,
        updatedAt: messages[messages.length - 1]!.timestamp,
        tokens:
          tokens && typeof tokens === 'object' && Object.values(tokens).every((n) => Number.isFinite(n) && n >= 0)
            ? tokens
            : undefined,
      });
      ctx.events.emit('projects.changed', {});
      let before = 0;
      for (const file of files) {
        const done = await store.traces.indexFileInChunks(sessionId, file, {
          onProgress: (r) => ctx.events.emit('trace.indexed', { sessionId, events: before + r.indexed }),
        });
        before += done.indexed;
      }
      return { sessionId, warnings };
    },
  };
}
