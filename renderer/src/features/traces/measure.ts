// Text width of the timeline's axis labels, measured with a canvas in the page's font (for axis.ts). The sizes and
// box extras (padding + border, px) match .tick, .tl-gap and .tl-part in styles.css. Presentation only.
import type { AxisKind, Measure } from './axis.js';

const FONT_PX: Record<AxisKind, number> = { tick: 10.5, gap: 10, part: 10.5 };
const EXTRA_PX: Record<AxisKind, number> = { tick: 3, gap: 8, part: 5 };

let ctx: CanvasRenderingContext2D | null | undefined;
/** the page's font family, read once (like the widths, which are kept for the page's life) */
let family: string | undefined;
/** the font last set on ctx (setting one parses it) */
let ctxFont = '';
const cache = new Map<string, number>();

/** Width of a label box; falls back to 7 px per character where no canvas is available. */
export const measureAxisLabel: Measure = (text, kind) => {
  const key = `${kind}\u0000${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  if (ctx === undefined) ctx = document.createElement('canvas').getContext('2d');
  let w = text.length * 7;
  if (ctx) {
    family ??= getComputedStyle(document.body).fontFamily;
    const font = `${FONT_PX[kind]}px ${family}`;
    if (ctxFont !== font) ctx.font = ctxFont = font;
    w = ctx.measureText(text).width;
  }
  const out = Math.ceil(w + EXTRA_PX[kind]);
  cache.set(key, out);
  return out;
};
