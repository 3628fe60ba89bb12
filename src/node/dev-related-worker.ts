// The thread of `relatedThread` (`maru dev`): weighs each wiki it is sent for related documents exactly as a full build
// does (`relatedOfJob`), keeping each text's term counts from one job to the next, so a job tokenizes only the texts
// that changed since the last.
import { parentPort } from 'node:worker_threads';
import { createDevParseCache, relatedOfJob, type RelatedJob } from '../lib/wiki/dev-update.ts';
import type { RelatedEntry } from '../lib/wiki/relations.ts';

/** What the thread is sent: a job and its number. */
export interface RelatedRequest {
  seq: number;
  job: RelatedJob;
}

/** What it answers: the job's number and each document's related list, or why it failed. */
export type RelatedAnswer = { seq: number; related: [string, RelatedEntry[]][] } | { seq: number; error: string };

const counts = createDevParseCache();
parentPort!.on('message', ({ seq, job }: RelatedRequest) => {
  let answer: RelatedAnswer;
  try {
    const related = relatedOfJob(job, (text) => counts.termCounts!(text));
    // Only the counts of this job's texts are kept for the next.
    counts.prune(new Set());
    answer = { seq, related: [...related] };
  } catch (error) {
    answer = { seq, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(answer);
});
