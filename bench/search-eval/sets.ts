// The two sets `npm run eval:search` scores. TUNING: the first tuning set (queries-tuning.ts) and the first to
// fourth held-out sets (queries-held-out.ts, -2.ts, -3.ts, -4.ts), which were each run once and published and so are
// no longer held out (the fourth was run once on 3 December, 37e254a, and is spent). HELD-OUT: the fifth set
// (queries-held-out-5.ts), written blind to the ranker before any ranker change of this round and not yet run; it is
// run once, with `npm run eval:search -- --held-out`, when tuning is over. Data only.
import { HELD_OUT_QUERIES } from './queries-held-out.js';
import { HELD_OUT_2_QUERIES } from './queries-held-out-2.js';
import { HELD_OUT_3_QUERIES } from './queries-held-out-3.js';
import { HELD_OUT_4_QUERIES } from './queries-held-out-4.js';
import { HELD_OUT_5_QUERIES } from './queries-held-out-5.js';
import { TUNING_QUERIES } from './queries-tuning.js';
import type { LabelledQuery } from './labels.js';

export const TUNING_SET: readonly LabelledQuery[] = [
  ...TUNING_QUERIES,
  ...HELD_OUT_QUERIES,
  ...HELD_OUT_2_QUERIES,
  ...HELD_OUT_3_QUERIES,
  ...HELD_OUT_4_QUERIES,
];
export const HELD_OUT_SET: readonly LabelledQuery[] = HELD_OUT_5_QUERIES;
