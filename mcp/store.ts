import { unwatchFile, watchFile } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkManifest, loadArtifacts, loadArtifactsEarly, MANIFEST_PATH, readManifest, type ArtifactSet } from './artifacts.ts';
import { MAX_MANIFEST_BYTES, openSource, type ArtifactSource, type Validators } from './source.ts';

/** The outcome of the latest reload attempt, as /healthz and stderr report it. */
export interface ReloadStatus {
  ok: boolean;
  at: string;
  buildId: string;
  error?: string;
}

/** Holds the current artifact set and swaps in new builds only after they validate completely. */
export interface ArtifactStore {
  /** The set to answer one request with; read it once per request so a reload mid-request cannot mix builds. */
  current(): ArtifactSet;
  lastReload(): ReloadStatus | undefined;
  /** Re-reads the source; on any failure the current set stays and the status says why. */
  reload(manifestText?: string): Promise<ReloadStatus>;
  /** Reloads when the source's manifest names another build than the current set's; undefined when it names the same one. */
  reloadIfChanged(): Promise<ReloadStatus | undefined>;
  /** Starts watching the folder (or polling the URL) for new builds. */
  watch(options?: WatchOptions): void;
  close(): void;
}

export interface WatchOptions {
  /** Folder sources: stat interval in ms. */
  intervalMs?: number;
  /** Quiet time after a change before reloading, so a build still writing is not read half-way. */
  debounceMs?: number;
  /** URL sources: revalidation interval in ms. */
  pollMs?: number;
}

/** Opens `--artifacts` (folder or URL) and loads it; throws the loader's message when the first load fails. */
export async function openStore(spec: string, log: (msg: string) => void = (m) => console.error(m)): Promise<ArtifactStore> {
  const source = await openSource(spec);
  return createStore(source, await loadArtifacts(source), log);
}

/**
 * A store whose first load has begun: `ready` settles when the build can answer (or rejects with why not), `complete`
 * when it has loaded completely (every document held, every field checked; see `loadArtifactsEarly`). A build that
 * fails the rest of its checks after `ready` rejects `complete`, and the caller stops serving it.
 */
export interface StartingStore {
  readonly ready: Promise<ArtifactStore>;
  readonly complete: Promise<unknown>;
}

/**
 * Opens `--artifacts` and reads and checks its manifest, so a missing or foreign build fails here at once with the
 * loader's message; the rest of the build loads in the background, from when `after` settles (the stdio handshake).
 * Nothing is served from it before `ready`; what the first answer does not need loads after `firstAnswer` settles.
 */
export async function startStore(
  spec: string,
  after?: Promise<unknown>,
  log: (msg: string) => void = (m) => console.error(m),
  firstAnswer?: Promise<unknown>,
): Promise<StartingStore> {
  const source = await openSource(spec);
  const manifestText = await readManifest(source);
  checkManifest(source, manifestText);
  const early = loadArtifactsEarly(source, manifestText, after, true, firstAnswer);
  const ready = early.then(({ set }) => createStore(source, set, log));
  const complete = early.then((e) => e.complete);
  // The caller handles a failure through `ready` and `complete`; this keeps Node from calling them unhandled in between.
  ready.catch(() => undefined);
  complete.catch(() => undefined);
  return { ready, complete };
}

/** A store around an already loaded set (tests pass their own source). */
export function createStore(source: ArtifactSource, initial: ArtifactSet, log: (msg: string) => void): ArtifactStore {
  let set = initial;
  let status: ReloadStatus | undefined;
  let running: Promise<ReloadStatus> | undefined;
  const stops: (() => void)[] = [];

  const attempt = async (manifestText?: string): Promise<ReloadStatus> => {
    const at = new Date().toISOString();
    try {
      const text = manifestText ?? (await readManifest(source));
      // A touched but unchanged manifest (same build id, last load fine) needs no full re-read of every document.
      if (status?.ok !== false && buildIdOf(text) === set.manifest.buildId) return (status = { ok: true, at, buildId: set.manifest.buildId });
      const next = await loadArtifacts(source, text);
      if (next.manifest.buildId !== set.manifest.buildId)
        log(`maru-mcp: loaded build ${next.manifest.buildId} (${next.manifest.documentCount} documents) from ${source.label}`);
      set = next;
      status = { ok: true, at, buildId: set.manifest.buildId };
    } catch (e) {
      const error = (e as Error).message;
      log(`maru-mcp: reload failed, still serving build ${set.manifest.buildId}: ${error}`);
      status = { ok: false, at, buildId: set.manifest.buildId, error };
    }
    return status;
  };

  const reload = (manifestText?: string): Promise<ReloadStatus> => {
    // One reload at a time; a request during one waits for it and then runs, so the last change always wins.
    const prev = running ?? Promise.resolve(undefined);
    const mine = prev.then(() => attempt(manifestText));
    running = mine.finally(() => {
      if (running === mine) running = undefined;
    });
    return mine;
  };

  return {
    current: () => set,
    lastReload: () => status,
    reload,
    async reloadIfChanged() {
      const text = await readManifest(source).catch(() => undefined);
      return text === undefined || buildIdOf(text) === set.manifest.buildId ? undefined : reload(text);
    },
    watch(options = {}) {
      stops.push(source.kind === 'dir' ? watchDir(source.label, reload, options) : pollUrl(source, reload, options, log));
    },
    close() {
      stops.splice(0).forEach((stop) => stop());
    },
  };
}

function buildIdOf(manifestText: string): unknown {
  try {
    return (JSON.parse(manifestText) as { buildId?: unknown }).buildId;
  } catch {
    return undefined;
  }
}

/**
 * Watches `_wiki/manifest.json` by stat polling: the build replaces or deletes the whole output folder,
 * which silently ends an fs.watch handle, while watchFile survives it. The manifest is written last.
 */
function watchDir(dir: string, reload: () => Promise<unknown>, options: WatchOptions): () => void {
  const file = join(resolve(dir), MANIFEST_PATH);
  let timer: NodeJS.Timeout | undefined;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload(), options.debounceMs ?? 500);
  };
  watchFile(file, { interval: options.intervalMs ?? 1000, persistent: false }, onChange);
  return () => {
    clearTimeout(timer);
    unwatchFile(file, onChange);
  };
}

/** Revalidates the manifest URL with ETag/If-Modified-Since; a 304 costs one request, a new build id a full load. */
function pollUrl(source: ArtifactSource, reload: (text?: string) => Promise<ReloadStatus>, options: WatchOptions, log: (m: string) => void): () => void {
  let validators: Validators = {};
  const tick = async () => {
    try {
      const answer = await source.readIfChanged?.(MANIFEST_PATH, validators, MAX_MANIFEST_BYTES);
      if (!answer) return;
      const status = await reload(answer.text);
      // A half-uploaded deploy fails now but may be complete at the next tick, so only a good load keeps the validators.
      validators = status.ok ? answer.validators : {};
    } catch (e) {
      log(`maru-mcp: could not check ${source.label} for a new build: ${(e as Error).message}`);
    }
  };
  const timer = setInterval(() => void tick(), options.pollMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
