// The composer: prompt (Enter sends; while a task runs it steers; Alt+↑ focuses a waiting approval card), the
// approval-mode selector (applies to the next decision), slash commands (/mode, /model, /compact, /clear; slash.ts)
// with hints, @-mentions of workspace files (useMentions.ts, MentionList.tsx), the model picker and /model
// (ModelPicker.tsx), pasted or dropped images (useAttachments.ts, Attachments.tsx), the Stop button, the steering
// messages still queued for the running task (removable), and a disconnected state in browser mode (nothing can be
// sent). Must not render the transcript.
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useConnection } from '../../app/boot.js';
import { APPROVAL_MODE, type ApiApprovalMode, type ApiSession } from '../../../../shared/api.js';
import { matchModelName } from '../../../../shared/model-name.js';
import { Attachments } from './Attachments.js';
import { MENTION_LIST_ID, MentionList, mentionOptionId } from './MentionList.js';
import { ModelChoices, ModelPicker, useModelRefs } from './ModelPicker.js';
import { SLASH_HELP, parseSlash } from './slash.js';
import { useChat } from './store.js';
import { useAttachments } from './useAttachments.js';
import { useMentions } from './useMentions.js';

const NO_STEERS: never[] = [];

/**
 * Memoized, and it reads the store's actions (stable functions) and only state that streaming never changes: streamed tokens change the
 * transcript many times a second and must not re-render the prompt box (e2e ui-render-isolation.test.ts).
 */
export const Composer = memo(function Composer({ session, running }: { session: ApiSession; running: boolean }) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  /** a caret to put back after the text was replaced from code (an inserted mention) */
  const pendingCaret = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (pendingCaret.current === null || !box.current) return;
    box.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
    pendingCaret.current = null;
  }, [text]);
  const mentions = useMentions(session.id, text, caret, (t, c) => {
    pendingCaret.current = c;
    setText(t);
    setCaret(c);
  });
  const { send, abort, setMode, setModel, compact, createSession, unsteer, takeDraft } = useChat.getState();
  // browser mode with the host's socket closed: nothing can be sent (a prompt is never dropped on the way)
  const offline = useConnection((s) => s.state === 'closed' || s.state === 'connecting');
  const queued = useChat((s) => s.steers[session.id] ?? NO_STEERS);
  const hasDraft = useChat((s) => s.draft?.sessionId === session.id);
  useEffect(() => {
    if (!hasDraft) return;
    const t = takeDraft(session.id);
    if (t === null) return;
    setText(t);
    box.current?.focus();
  }, [hasDraft, session.id, takeDraft]);
  const modelRefs = useModelRefs();
  const [showModels, setShowModels] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [slashError, setSlashError] = useState<string | null>(null);
  const switchModel = (ref: string) => {
    setSlashError(null);
    void setModel(ref).then((err) => err && setSlashError(err));
  };
  const images = useAttachments();
  const [dropping, setDropping] = useState(false);
  const submit = () => {
    if (offline) return;
    const t = text.trim();
    if (!t && !images.items.length) return;
    const cmd = t ? parseSlash(t) : null;
    if (cmd?.kind === 'error') {
      setSlashError(cmd.message);
      return;
    }
    // a model name is checked against the configured ones before the text goes (the host checks it again)
    const model = cmd?.kind === 'model' && cmd.name && modelRefs ? matchModelName(cmd.name, modelRefs) : null;
    if (model && !model.ok) {
      setSlashError(model.message);
      return;
    }
    setSlashError(null);
    setShowModels(false);
    setText('');
    if (!cmd) {
      const attached = images.items;
      void send(t, attached.length ? images.payload() : undefined).then((sent) => {
        // refused (e.g. an image the host would not take): give the images back, and the text if the box is empty
        if (sent) return;
        images.restore(attached);
        setText((now) => now || t);
      });
      images.clear();
    } else if (cmd.kind === 'mode') void setMode(cmd.mode);
    else if (cmd.kind === 'model') {
      if (model?.ok) switchModel(model.ref);
      else if (cmd.name) switchModel(cmd.name);
      else setShowModels(true);
    } else if (cmd.kind === 'compact') void compact(cmd.focus);
    else void createSession({ model: session.model, approvalMode: session.approvalMode });
  };
  const slashHints =
    text.startsWith('/') && !text.includes('\n') ? SLASH_HELP.filter((h) => h.cmd.startsWith(text.split(' ')[0]!)) : [];
  return (
    <form
      className={dropping ? 'composer dropping' : 'composer'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={(e) => {
        setDropping(false);
        if (!e.dataTransfer.files.length) return;
        e.preventDefault();
        void images.add([...e.dataTransfer.files]);
      }}
    >
      <MentionList m={mentions} />
      {showModels && modelRefs && (
        <ModelChoices current={session.model} refs={modelRefs} onClose={() => setShowModels(false)} />
      )}
      {slashHints.length > 0 && (
        <ul className="slash-hints" aria-label="Commands">
          {slashHints.map((h) => (
            <li key={h.cmd}>
              <code>{h.cmd}</code> <span className="muted">{h.what}</span>
            </li>
          ))}
        </ul>
      )}
      {slashError && (
        <p className="error small" role="alert">
          {slashError}
        </p>
      )}
      <Attachments items={images.items} error={images.error} onRemove={images.remove} />
      <textarea
        ref={box}
        data-composer
        aria-controls={mentions.open && mentions.items.length ? MENTION_LIST_ID : undefined}
        aria-activedescendant={mentions.open && mentions.items.length ? mentionOptionId(mentions.active) : undefined}
        aria-label={running ? 'Steering message' : 'Prompt'}
        placeholder={
          running
            ? 'Steer the running task (delivered at the next turn)…'
            : 'Ask the agent…  (Enter sends, Shift+Enter new line, @ names a file, paste or drop images)'
        }
        value={text}
        rows={3}
        onChange={(e) => {
          setText(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onPaste={(e) => {
          const files = [...e.clipboardData.files];
          if (!files.length) return; // plain text pastes as usual
          e.preventDefault();
          void images.add(files);
        }}
        onKeyDown={(e) => {
          if (mentions.onKeyDown(e)) {
            e.preventDefault();
            e.stopPropagation();
            return;
          }
          if (e.key === 'ArrowUp' && e.altKey) {
            // back to the waiting approval card without the mouse
            const card = document.querySelector<HTMLElement>('.conversation .approval[data-approval-id]');
            if (card) {
              e.preventDefault();
              card.focus();
            }
            return;
          }
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <div className="composer-actions">
        <label htmlFor="mode-select">Approval</label>
        <select
          id="mode-select"
          value={session.approvalMode}
          onChange={(e) => void setMode(e.target.value as ApiApprovalMode)}
        >
          {APPROVAL_MODE.options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        <ModelPicker session={session} running={running} onPick={switchModel} />
        <span className="spacer" />
        {running && (
          <button
            type="button"
            className="danger"
            aria-label="Stop the task"
            disabled={stopping}
            onClick={async () => {
              setStopping(true);
              await abort();
              setStopping(false);
            }}
          >
            {stopping ? 'Stopping…' : 'Stop'}
          </button>
        )}
        <button
          type="submit"
          className="primary"
          aria-label={running ? 'Steer' : 'Send'}
          title={offline ? 'Disconnected — reconnecting…' : undefined}
          disabled={offline || (!text.trim() && !images.items.length)}
        >
          {running ? 'Steer' : 'Send'}
        </button>
      </div>
      {offline && (
        <p className="offline-note small" role="status">
          Disconnected — reconnecting… Your text stays here until it can be sent.
        </p>
      )}
      {queued.length > 0 && (
        <ul className="steer-queue" aria-label="Queued steering messages">
          {queued.map((q) => (
            <li key={q.steerId}>
              <span className="chip">queued</span>
              <span className="steer-text" title={q.text}>
                {q.text}
              </span>
              <button
                type="button"
                className="small ghost"
                aria-label={`Remove queued message: ${q.text.slice(0, 60)}`}
                onClick={() => void unsteer(session.id, q.steerId)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
});
