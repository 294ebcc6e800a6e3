// A session as one self-contained HTML file: a header (session, model, workspace, tokens), a timeline (a bar per
// request, tool call and compaction, placed on the session's time axis, coloured by outcome) and the transcript
// (user and assistant text, thinking and tool calls with their outputs folded in <details>). No script, no external
// resource: a Content-Security-Policy forbids every fetch but inline styles and data: images, so it opens from disk
// with no server and no network. All text is escaped. Pure: messages in, a string out.
import type { OmniMessage } from '../../../shared/omni/types.js';
import { formatDuration } from '../../../shared/time-format.js';
import { sessionView, type Entry, type HtmlRow } from './rows.js';

const esc = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Lengths of time read as in the trace browser (shared/time-format.ts). */
const duration = formatDuration;

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d1f23;background:#fafafa}
header,main{max-width:1100px;margin:0 auto;padding:16px 20px}
h1{font-size:18px;margin:0 0 4px}.muted{color:#666}.small{font-size:12px}
.tl{background:#fff;border:1px solid #ddd;border-radius:6px;padding:8px 0}
.tl-row{display:grid;grid-template-columns:240px 1fr 190px;align-items:center;height:24px;padding:0 8px;font-size:12px}
.tl-row:nth-child(odd){background:#f6f7f9}.tl-name{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.tl-track{position:relative;height:12px}.tl-bar{position:absolute;top:0;height:12px;min-width:2px;border-radius:3px}
.tl-meta{text-align:right;white-space:nowrap;color:#555;font-variant-numeric:tabular-nums}
.k-request .tl-bar{background:#6c8ef5}.k-tool .tl-bar{background:#43a56b}.k-compaction .tl-bar{background:#b07de0}
.k-event .tl-bar{background:#999;width:2px}.s-error .tl-bar,.s-denied .tl-bar{background:#d9534f}
.s-aborted .tl-bar,.s-interrupted .tl-bar{background:#e0a030}.s-running .tl-bar{background:repeating-linear-gradient(45deg,#aaa,#aaa 4px,#ccc 4px,#ccc 8px)}
.entry{margin:10px 0;padding:8px 12px;border-radius:6px;background:#fff;border:1px solid #e3e3e3;white-space:pre-wrap;word-break:break-word}
.e-user{border-left:4px solid #6c8ef5}.e-assistant{border-left:4px solid #43a56b}.e-thinking{color:#666;font-style:italic}
.e-call{border-left:4px solid #999}.e-note{color:#666;font-size:12px;background:none;border:none}
.role{font-size:11px;text-transform:uppercase;letter-spacing:.04em;color:#888;display:block;margin-bottom:2px}
pre{margin:4px 0;white-space:pre-wrap;word-break:break-word;font:12px/1.4 ui-monospace,monospace}
.outcome{font-size:11px;padding:1px 6px;border-radius:8px;background:#eee;margin-left:6px}
.o-ok{background:#dff3e6}.o-error,.o-denied{background:#f8dcdb}.o-aborted,.o-interrupted{background:#fbeccd}
img{max-width:100%}`;

function rowHtml(r: HtmlRow, t0: number, span: number): string {
  const left = span ? ((r.start - t0) / span) * 100 : 0;
  const width = span ? ((r.end - r.start) / span) * 100 : 0;
  const tokens = r.tokens ? ` · ${r.tokens.total - r.tokens.output} in / ${r.tokens.output} out` : '';
  const meta = r.kind === 'event' ? '' : duration(Math.max(0, r.end - r.start));
  return (
    `<div class="tl-row k-${r.kind} s-${r.status}" data-kind="${r.kind}" data-status="${r.status}">` +
    `<span class="tl-name" title="${esc(r.detail)}">${esc(r.label)}</span>` +
    `<span class="tl-track"><span class="tl-bar" style="left:${left.toFixed(3)}%;width:${width.toFixed(3)}%"></span></span>` +
    `<span class="tl-meta">${esc(meta + tokens)}</span></div>`
  );
}

function entryHtml(e: Entry): string {
  const time = `<span class="muted small">${esc(e.at.slice(11, 23))}</span>`;
  switch (e.kind) {
    case 'user':
    case 'assistant':
    case 'thinking':
      return `<div class="entry e-${e.kind}" data-entry="${e.kind}"><span class="role">${e.kind} ${time}</span>${esc(e.text)}</div>`;
    case 'image':
      // only inline images are shown: a remote URL would be a network request
      return e.src.startsWith('data:image/')
        ? `<div class="entry" data-entry="image"><img alt="image" src="${esc(e.src)}"></div>`
        : `<div class="entry e-note" data-entry="image">image (not loaded): ${esc(e.src)}</div>`;
    case 'call':
      return (
        `<div class="entry e-call" data-entry="call" data-tool-call-id="${esc(e.id)}"><span class="role">tool call ${time}</span>` +
        `<b>${esc(e.name)}</b>${e.outcome ? `<span class="outcome o-${e.outcome}">${e.outcome}</span>` : ''}` +
        `<pre>${esc(e.args)}</pre>` +
        (e.output !== undefined ? `<details><summary>output</summary><pre>${esc(e.output)}</pre></details>` : '') +
        `</div>`
      );
    case 'note':
      return `<div class="entry e-note" data-entry="note">${esc(e.text)}</div>`;
  }
}

/** The HTML page of one session's trace (all its parts, in order). */
export function traceToHtml(messages: readonly OmniMessage[], o: { title?: string } = {}): string {
  const v = sessionView(messages);
  const span = Math.max(0, v.end - v.start);
  const title = o.title || v.sessionId;
  const tokens = v.tokens ? ` · ${v.tokens.total} tokens (${v.tokens.output} out)` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — Floe trace</title>
<style>${CSS}</style></head>
<body>
<header><h1>${esc(title)}</h1>
<div class="muted small" data-testid="session-line">${esc(v.sessionId)} · ${esc(v.model)} · ${esc(v.workspace)} · ${esc(new Date(v.start).toISOString())} · ${esc(duration(span))}${esc(tokens)}</div></header>
<main>
<h2>Timeline</h2>
<section class="tl" aria-label="Timeline">
${v.rows.map((r) => rowHtml(r, v.start, span)).join('\n')}
</section>
<h2>Transcript</h2>
<section aria-label="Transcript">
${v.entries.map(entryHtml).join('\n')}
</section>
<p class="muted small">Exported by Floe. This file needs no server and loads nothing from the network.</p>
</main></body></html>
`;
}
