import { appendFile, rename, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isMiss, toMissLine, type MissEntry, type MissReport } from '../src/lib/misses/misses.ts';

/** The opt-in search-miss log (`--log-misses <file>`): one JSON line per weak search, no user identity. */
export interface MissLog {
  readonly file: string;
  /** Appends the search if it found nothing or only weak matches; resolves to whether it was logged. */
  record(report: MissReport, source: MissEntry['source']): Promise<boolean>;
}

/** How large the miss log grows before it is rotated (`<file>.1`, replacing the one before): 10 MiB. */
export const MISS_LOG_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A log appending to `file`; write errors are reported on stderr and never fail the search. Anyone who can reach the
 * port can post misses (a same-origin check stops browsers, not scripts that forge `Origin`), so the log is bounded:
 * past `maxBytes` it is renamed to `<file>.1` and a new one started, at most twice `maxBytes` on disk.
 */
export function openMissLog(file: string, log: (m: string) => void = (m) => console.error(m), maxBytes = MISS_LOG_MAX_BYTES): MissLog {
  const path = resolve(file);
  let queue: Promise<unknown> = Promise.resolve();
  let size: number | undefined;
  const append = async (line: string) => {
    size ??= await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    const bytes = Buffer.byteLength(line);
    if (size > 0 && size + bytes > maxBytes) {
      await rename(path, `${path}.1`);
      size = 0;
    }
    await appendFile(path, line, 'utf8');
    size += bytes;
  };
  return {
    file: path,
    record(report, source) {
      if (!isMiss(report.resultCount, report.bestScore, report.match)) return Promise.resolve(false);
      const line = toMissLine(report, source, new Date().toISOString());
      const mine = queue
        .then(() => append(line))
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
