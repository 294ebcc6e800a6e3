// The @-mention list above the composer: a listbox of workspace files (the highlighted one is the textarea's
// active descendant), or a note while listing, on failure, or when nothing matches. Presentation only.
import type { Mentions } from './useMentions.js';

export const MENTION_LIST_ID = 'mention-list';
export const mentionOptionId = (i: number): string => `mention-option-${i}`;

export function MentionList({ m }: { m: Mentions }) {
  if (!m.open) return null;
  return (
    <div className="mention-box">
      {m.note ? (
        <p className="muted small" role="status">
          {m.note}
        </p>
      ) : (
        <ul className="mention-list" role="listbox" id={MENTION_LIST_ID} aria-label="Workspace files">
          {m.items.map((path, i) => (
            <li
              key={path}
              id={mentionOptionId(i)}
              role="option"
              aria-selected={i === m.active}
              className={i === m.active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault(); // keep the focus (and the caret) in the textarea
                m.choose(path);
              }}
            >
              <code>{path}</code>
            </li>
          ))}
        </ul>
      )}
      <p className="muted small mention-help">
        ↑ ↓ choose · Enter or Tab insert · Esc close{m.truncated ? ' · large workspace: only part of it is listed' : ''}
      </p>
    </div>
  );
}
