import type { Wiki } from '../lib/wiki/pipeline.ts';
import type { DevBuild } from '../node/dev-wiki.ts';

/**
 * How long the watcher's reports are gathered into one update: one save is often two reports (a file truncated, then
 * written; an editor's copy renamed over it), and each update the loaders store makes Astro reload the page.
 */
export const GATHER_MS = 50;

/**
 * A full update (related documents weighed against the whole wiki) slower than this makes the next saves quick ones:
 * the related lists carried over, then settled by a full update once the saves stop (`SETTLE_MS`).
 */
export const QUICK_ABOVE_MS = 400;
/** Before any full update was timed: a wiki this large starts with quick updates (a full one took 2–3 s at 10,000). */
export const QUICK_FROM_DOCUMENTS = 2000;
/**
 * How long after the loaders have stored the last quick update the full one runs: long enough for the page to have
 * reloaded with the saved text first (Astro writes its store 0.5 s after the loaders, then the browser asks for the
 * page again, and Astro reads its store anew to answer).
 */
export const SETTLE_MS = 2000;

export interface DevUpdateDeps {
  /** Rebuilds from the folder as it is: with `carryFrom`, a quick update (`openDevWiki`). */
  update: (carryFrom?: Wiki) => DevBuild;
  /** The wiki the pages show now. */
  current: () => Wiki;
  /** Whether the wiki may be shown: false after reporting its errors (the last good one stays). */
  accept: (build: DevBuild) => boolean;
  /** Makes `build` the current wiki and gives it to the loaders; resolves when they have stored it. */
  apply: (build: DevBuild, how: { quick: boolean; ms: number }) => Promise<void>;
  now?: () => number;
}

/**
 * `maru dev`'s updates: the watcher's reports within `GATHER_MS` become one rebuild (a rename is a delete and an add), and on a large wiki a quick one, settled by a full rebuild when the saves stop. Returns what the watcher
 * calls for each changed path (`changed`, after the path was handed to the collector), and whether an update is still to come (`pending`).
 */
export function devUpdates(deps: DevUpdateDeps): { changed: () => void; pending: () => boolean } {
  const now = deps.now ?? (() => performance.now());
  let lastFullMs: number | undefined;
  let scheduled = false;
  let settle: ReturnType<typeof setTimeout> | undefined;
  // Quick updates so far: only the last one's loaders, once done, start the settling timer.
  let rounds = 0;
  let storing = false;
  const run = (quick: boolean) => {
    const start = now();
    const build = deps.update(quick ? deps.current() : undefined);
    const ms = now() - start;
    if (!quick) lastFullMs = ms;
    if (!deps.accept(build)) return;
    const stored = deps.apply(build, { quick, ms });
    if (!quick) return;
    // Counted from when the loaders are done: the full update holds the event loop, and the page must have reloaded first.
    const round = ++rounds;
    clearTimeout(settle);
    settle = undefined;
    storing = true;
    void stored.then(() => {
      if (round !== rounds) return;
      storing = false;
      settle = setTimeout(() => {
        settle = undefined;
        run(false);
      }, SETTLE_MS);
    });
  };
  return {
    changed: () => {
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        run(lastFullMs === undefined ? deps.current().documents.length >= QUICK_FROM_DOCUMENTS : lastFullMs > QUICK_ABOVE_MS);
      }, GATHER_MS);
    },
    pending: () => scheduled || settle !== undefined || storing,
  };
}
