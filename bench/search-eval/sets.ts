// The two sets `npm run eval:search` scores. TUNING: the first tuning set (queries-tuning.ts) and the first and
// second held-out sets (queries-held-out.ts, queries-held-out-2.ts), which were each run and published in an earlier
// round and so are no longer held out. HELD-OUT: the third held-out set (queries-held-out-3.ts), written before this
// round's ranker changes and run once when tuning is over. Data only.
import { HELD_OUT_QUERIES } from './queries-held-out.js';
import { HELD_OUT_2_QUERIES } from './queries-held-out-2.js';
import { HELD_OUT_3_QUERIES } from './queries-held-out-3.js';
import { TUNING_QUERIES } from './queries-tuning.js';
import type { LabelledQuery } from './labels.js';

export const TUNING_SET: readonly LabelledQuery[] = [...TUNING_QUERIES, ...HELD_OUT_QUERIES, ...HELD_OUT_2_QUERIES];
export const HELD_OUT_SET: readonly LabelledQuery[] = HELD_OUT_3_QUERIES;
