// A React hook: the inner width (clientWidth, scrollbar excluded) of an element, kept current with a
// ResizeObserver; 0 until the element is mounted. Pass the element itself (kept in state by a callback ref), so
// the hook sees it appear. Presentation only.
import { useEffect, useState } from 'react';

export function useElementWidth(el: HTMLElement | null): number {
  const [w, setW] = useState(0);
  useEffect(() => {
    if (!el) return;
    const measure = () => setW(el.clientWidth);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return w;
}
