// The two sets `npm run eval:search` scores. TUNING: the first tuning set (queries-tuning.ts) and the first to
// fourth held-out sets (queries-held-out.ts, -2.ts, -3.ts, -4.ts), which were each run once and published and so are
// no longer held out. HELD-OUT: still the fourth set until the fifth, written before any further ranker change,
// replaces it; the fourth was run once (3 December, 37e254a) and is spent. Data only.
import { HELD_OUT_QUERIES } from './queries-held-out.js';
import { HELD_OUT_2_QUERIES } from './queries-held-out-2.js';
import { HELD_OUT_3_QUERIES } from './queries-held-out-3.js';
import { HELD_OUT_4_QUERIES } from './queries-held-out-4.js';
import { TUNING_QUERIES } from './queries-tuning.js';
import type { LabelledQuery } from './labels.js';

export const TUNING_SET: readonly LabelledQuery[] = [
  ...TUNING_QUERIES,
  ...HELD_OUT_QUERIES,
  ...HELD_OUT_2_QUERIES,
  ...HELD_OUT_3_QUERIES,
  ...HELD_OUT_4_QUERIES,
];
export const HELD_OUT_SET: readonly LabelledQuery[] = HELD_OUT_4_QUERIES;
