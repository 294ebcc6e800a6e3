// A button whose action must be confirmed, asked in place instead of a native confirm() dialog: the button turns
// into the question with a confirming button (focused) and Cancel; Esc or Cancel puts the button back and
// focuses it. Presentation only: the action is the caller's.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './inline-confirm.css';

export function InlineConfirm({
  children,
  question,
  confirmLabel,
  onConfirm,
  label,
  className = '',
  disabled = false,
}: {
  /** what the button shows */
  children: ReactNode;
  question: string;
  /** the confirming button's text (its accessible name) */
  confirmLabel: string;
  onConfirm: () => void;
  /** the button's accessible name, when its text is a symbol or too short */
  label?: string;
  className?: string;
  disabled?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  const back = useRef(false);
  const qid = useId();
  useEffect(() => {
    if (asking) yes.current?.focus();
    else if (back.current) {
      back.current = false;
      trigger.current?.focus();
    }
  }, [asking]);
  const cancel = () => {
    back.current = true;
    setAsking(false);
  };
  if (!asking)
    return (
      <button
        ref={trigger}
        type="button"
        className={className}
        disabled={disabled}
        aria-label={label}
        onClick={() => setAsking(true)}
      >
        {children}
      </button>
    );
  return (
    <span
      className="inline-confirm"
      role="group"
      aria-labelledby={qid}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          e.preventDefault();
          cancel();
        }
      }}
    >
      <span id={qid} className="question">
        {question}
      </span>
      <button
        ref={yes}
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={cancel}>
        Cancel
      </button>
    </span>
  );
}
