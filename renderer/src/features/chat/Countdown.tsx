// A live countdown to a moment (retry after `request_end.retry_in_ms`). Only a timer and a label.
import { useEffect, useState } from 'react';

export function Countdown({ until, label }: { until: number; label: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (now >= until) return;
    const t = setTimeout(() => setNow(Date.now()), 250);
    return () => clearTimeout(t);
  }, [now, until]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  return (
    <span className="countdown" role="timer" aria-live="polite">
      {left > 0 ? `${label} in ${left} s` : `${label} now…`}
    </span>
  );
}
