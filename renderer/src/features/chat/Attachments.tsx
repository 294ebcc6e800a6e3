// Thumbnails of the images attached to the prompt, each with a remove button, and why a file was refused.
// Presentation only; the state is useAttachments.ts.
import type { Attachment } from './useAttachments.js';

export function Attachments({
  items,
  error,
  onRemove,
}: {
  items: Attachment[];
  error: string | null;
  onRemove: (id: number) => void;
}) {
  if (!items.length && !error) return null;
  return (
    <div className="attachments">
      {items.length > 0 && (
        <ul aria-label="Attached images" className="attachment-list">
          {items.map((a) => (
            <li key={a.id} className="attachment">
              <img src={a.url} alt={a.name} title={`${a.name} (${Math.max(1, Math.round(a.size / 1024))} KB)`} />
              <button
                type="button"
                className="attachment-remove"
                aria-label={`Remove ${a.name}`}
                onClick={() => onRemove(a.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="error small" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
