import type { Wiki } from '../lib/wiki/pipeline.ts';
import type { DevBuild } from '../node/dev-wiki.ts';

/**
 * How long the watcher's reports are gathered into one update: one save is often two reports (a file truncated, then
 * written; an editor's copy renamed over it), and each update reloads the open pages.
 */
export const GATHER_MS = 50;

/**
 * A full update (related documents weighed against the whole wiki) slower than this makes the next saves quick ones:
 * the related lists carried over, then weighed on another thread once the saves stop (`SETTLE_MS`).
 */
export const QUICK_ABOVE_MS = 400;
/**
 * Before any full update was timed: a wiki this large starts with quick updates. Weighing related documents compares
 * every document with the others, so its cost grows faster than the wiki; from about this size it alone passes
 * `QUICK_ABOVE_MS` on a small machine.
 */
export const QUICK_FROM_DOCUMENTS = 2000;
/**
 * How long after the open pages were told to reload from the last quick update the related lists are weighed: a burst of
 * saves (an editor saving as the author types) asks for one weighing, not one per save, and the tabs' requests for their
 * reloaded pages come first (handing the wiki to the other thread holds the main thread for a moment on a large wiki).
 */
export const SETTLE_MS = 2000;

export interface DevUpdateDeps {
  /** Rebuilds from the folder as it is: with `carryFrom`, a quick update (`openDevWiki`). */
  update: (carryFrom?: Wiki) => DevBuild;
  /** The wiki the pages show now. */
  current: () => Wiki;
  /**
   * A quick update's build with the related lists a full one gives, weighed off the main thread; undefined when they are
   * the lists it carried. Rejects when that thread failed: the full update then runs here.
   */
  relate: (build: DevBuild) => Promise<DevBuild | undefined>;
  /** Whether the wiki may be shown: false after reporting its errors (the last good one stays). */
  accept: (build: DevBuild) => boolean;
  /** Makes `build` the current wiki and gives it to the pages; resolves when they show it. */
  apply: (build: DevBuild, how: { quick: boolean; ms: number }) => Promise<void>;
  /** Told why the related lists were weighed on the main thread after all. */
  warn?: (message: string) => void;
  now?: () => number;
}

/**
 * `maru dev`'s updates: the watcher's reports within `GATHER_MS` become one rebuild (a rename is a delete and an add),
 * and on a large wiki a quick one, whose related lists are weighed on another thread once the saves stop and shown if
 * they changed. Returns what the watcher calls for each changed path (`changed`, after the path was handed to the
 * collector), and whether an update is still to come (`pending`).
 */
export function devUpdates(deps: DevUpdateDeps): { changed: () => void; pending: () => boolean } {
  const now = deps.now ?? (() => performance.now());
  let lastFullMs: number | undefined;
  let scheduled = false;
  let settle: ReturnType<typeof setTimeout> | undefined;
  // Updates applied so far: only the last quick one's, once shown, starts the settling timer, and only its weighing is shown.
  let rounds = 0;
  let storing = false;
  let relating = 0;
  /** Weighs the related lists of the quick update `build` (round `round`) and shows them if no update came since. */
  const relate = (build: DevBuild, round: number) => {
    const start = now();
    relating++;
    deps
      .relate(build)
      .then(
        async (settled) => {
          if (settled && round === rounds) await deps.apply(settled, { quick: false, ms: now() - start });
        },
        (error: unknown) => {
          if (round !== rounds) return;
          deps.warn?.(`${error instanceof Error ? error.message : String(error)}; the related documents are weighed on the main thread`);
          run(false);
        },
      )
      .finally(() => relating--);
  };
  const run = (quick: boolean) => {
    const start = now();
    const build = deps.update(quick ? deps.current() : undefined);
    const ms = now() - start;
    if (!quick) lastFullMs = ms;
    if (!deps.accept(build)) return;
    const round = ++rounds;
    const stored = deps.apply(build, { quick, ms });
    clearTimeout(settle);
    settle = undefined;
    storing = quick;
    if (!quick) return;
    void stored.then(() => {
      if (round !== rounds) return;
      storing = false;
      settle = setTimeout(() => {
        settle = undefined;
        relate(build, round);
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
    pending: () => scheduled || settle !== undefined || storing || relating > 0,
  };
}
