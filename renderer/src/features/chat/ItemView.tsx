// One transcript item: user text (with Retry / Edit / Fork: UserMessage.tsx; in a subagent's transcript: written by the parent agent), assistant text, collapsible thinking, tool-call card, subagent card, request badge
// (a quiet footer: tokens, duration, retry countdown), marker, image. Presentation only; state comes from the stores.
import { memo, useState } from 'react';
import type { AssistantItem, Item } from './transcript.js';
import { UserMessage } from './UserMessage.js';
import { useThrottled } from './useThrottled.js';
import { formatMs, formatTokens } from './transcript.js';
import { failureLabel } from '../../../../shared/failure-kind.js';
import { Countdown } from './Countdown.js';
import { Markdown } from './Markdown.js';
import { SubagentCard } from './SubagentCard.js';
import { ToolCard } from './ToolCard.js';

export const ItemView = memo(function ItemView({
  item,
  rootId,
  nested = false,
}: {
  item: Item;
  rootId: string;
  nested?: boolean;
}) {
  switch (item.kind) {
    case 'user':
      return nested ? (
        <div className="msg user from-agent" data-kind="user">
          <div className="who">Parent agent</div>
          <div className="bubble">{item.text}</div>
        </div>
      ) : (
        <UserMessage item={item} />
      );
    case 'assistant':
      return <Assistant item={item} />;
    case 'thinking':
      return <Thinking text={item.text} streaming={item.streaming} />;
    case 'tool':
      return <ToolCard item={item} rootId={rootId} />;
    case 'subagent':
      return <SubagentCard item={item} rootId={rootId} />;
    case 'request': {
      const retryAt =
        item.retryInMs !== undefined && item.endedAt ? Date.parse(item.endedAt) + item.retryInMs : undefined;
      return (
        <div
          className={`req-line st-${item.status ?? 'running'}`}
          data-kind="request"
          role="note"
          aria-label={`Request ${item.n} details`}
        >
          <span className="req-n">request {item.n}</span>
          {!item.status && <span className="muted">…</span>}
          {item.durationMs !== undefined && <span className="chip">{formatMs(item.durationMs)}</span>}
          {item.tokens && (
            <span
              className="chip"
              title={`cache read ${item.tokens.cache_read}, cache write ${item.tokens.cache_write}, output ${item.tokens.output}`}
            >
              {formatTokens(item.tokens.total)} tokens
            </span>
          )}
          {item.attempt !== undefined && item.attempt > 1 && <span className="chip">attempt {item.attempt}</span>}
          {item.status && item.status !== 'completed' && (
            <span className="chip bad" title={`stop reason: ${item.status}`}>
              {failureLabel(item.status, item.error)}
            </span>
          )}
          {item.error && <span className="req-error">{item.error}</span>}
          {retryAt !== undefined && <Countdown until={retryAt} label="retrying" />}
        </div>
      );
    }
    case 'marker':
      return (
        <div className={`t-marker ${item.tone}`} role="note" data-kind="marker">
          {item.label}
        </div>
      );
    case 'image':
      return (
        <div className="msg image">
          <img src={item.src} alt="image in the conversation" className="thumb" />
        </div>
      );
  }
});

/** Streaming text re-renders its Markdown at most every 150 ms. */
function Assistant({ item }: { item: AssistantItem }) {
  const text = useThrottled(item.text, 150, item.streaming);
  return (
    <div className={item.streaming ? 'msg assistant streaming' : 'msg assistant'} data-kind="assistant">
      <div className="who">
        Agent{item.stopReason && item.stopReason !== 'completed' ? ` (${item.stopReason})` : ''}
      </div>
      <Markdown text={text} />
    </div>
  );
}

function Thinking({ text, streaming }: { text: string; streaming: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="thinking" data-kind="thinking">
      <button
        className="link"
        aria-expanded={open}
        aria-label={open ? 'Hide thinking' : 'Show thinking'}
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'} Thinking{streaming ? '…' : ''} <span className="muted">({text.length} chars)</span>
      </button>
      {open && <pre className="thinking-text">{text}</pre>}
    </div>
  );
}
