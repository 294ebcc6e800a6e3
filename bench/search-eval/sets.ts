// The two sets `npm run eval:search` scores. TUNING: the first tuning set (queries-tuning.ts) and the first, second
// and third held-out sets (queries-held-out.ts, -2.ts, -3.ts), which were each run and published in an earlier round
// and so are no longer held out. HELD-OUT: the fourth held-out set (queries-held-out-4.ts), written before this
// round's ranker work and run once when it is over. Data only.
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
];
export const HELD_OUT_SET: readonly LabelledQuery[] = HELD_OUT_4_QUERIES;
