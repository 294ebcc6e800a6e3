// A value that follows its source at most once per `ms` while `live` (the latest value always lands), so a long
// streaming answer is not re-parsed as Markdown for every few characters. React only; no state outside.
import { useEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, ms: number, live: boolean): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    if (!live) {
      setShown(value);
      return;
    }
    const wait = last.current + ms - Date.now();
    if (wait <= 0) {
      last.current = Date.now();
      setShown(value);
      return;
    }
    const t = setTimeout(() => {
      last.current = Date.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, ms, live]);
  return live ? shown : value;
}
