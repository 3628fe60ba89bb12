import { appendFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isMiss, toMissLine, type MissEntry, type MissReport } from '../src/lib/misses/misses.ts';

/** The opt-in search-miss log (`--log-misses <file>`): one JSON line per weak search, no user identity. */
export interface MissLog {
  readonly file: string;
  /** Appends the search if it found nothing or only weak matches; resolves to whether it was logged. */
  record(report: MissReport, source: MissEntry['source']): Promise<boolean>;
}

/** A log appending to `file`; write errors are reported on stderr and never fail the search. */
export function openMissLog(file: string, log: (m: string) => void = (m) => console.error(m)): MissLog {
  const path = resolve(file);
  let queue: Promise<unknown> = Promise.resolve();
  return {
    file: path,
    record(report, source) {
      if (!isMiss(report.resultCount, report.bestScore, report.match)) return Promise.resolve(false);
      const line = toMissLine(report, source, new Date().toISOString());
      const mine = queue
        .then(() => appendFile(path, line, 'utf8'))
        .then(
          () => true,
          (e: Error) => {
            log(`maru: cannot append to the miss log ${path}: ${e.message}`);
            return false;
          },
        );
      queue = mine;
      return mine;
    },
  };
}
