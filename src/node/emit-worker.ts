// The thread of `startEmitWorker`: started before the wiki is collected, it reads the index cache,
// then emits the artifacts of the wiki it is sent, exactly as `emitArtifacts` does on the main thread, writes them
// into a staging folder and answers with what the main thread checks and logs.
import { parentPort, workerData } from 'node:worker_threads';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import { ARTIFACT_DIR } from '../lib/artifacts/schema.ts';
import { openIndexCache } from './index-cache.ts';
import { artifactMirror, artifactWriter, emitArtifacts, siteConfig, type IndexCacheAt } from './wiki-build.ts';

/** What the thread starts with. */
export interface EmitWorkerData {
  root: string;
  cache?: IndexCacheAt;
}

/** The one message the thread is sent. */
export interface EmitJob {
  /** The wiki without its link resolver and file check (functions do not cross threads; emitting uses neither). */
  wiki: Pick<Wiki, 'documents' | 'options' | 'projectLabels' | 'folderLabels'>;
  /** An empty folder to write the artifacts into. */
  stage: string;
}

/** What the worker answers once every file is written. */
export interface StagedArtifacts {
  /** `_wiki/catalog.json` as written. */
  catalogJson: string;
  count: number;
  /** With a cache folder: how many files were linked unchanged from the last build's (the rest were written). */
  linked?: number;
  tokenized?: { documents: number; of: number };
}

const { root, cache } = workerData as EmitWorkerData;
// Read while the main thread collects the wiki.
const indexCache = cache ? openIndexCache(cache.dir, cache.code) : undefined;
parentPort!.once('message', ({ wiki, stage }: EmitJob) => {
  // Written here, on this thread: the main thread is spared the copy of every file and the time the disk takes. The
  // search's files are written as they are made (`emitWiki`'s sink): this thread then never holds them all at once.
  const mirror = cache ? artifactMirror(cache.dir) : undefined;
  const writer = artifactWriter(stage, mirror);
  // Cast: the resolver and the problems are not read by emitting (`emitWiki` reads the documents and the base path).
  const {
    files,
    tokenized,
    sunk = 0,
  } = emitArtifacts({ ...wiki, problems: [], dropped: [] } as unknown as Wiki, siteConfig(), root, cache, indexCache, writer.write);
  for (const [path, text] of files) writer.write(path, text);
  writer.finish();
  const answer: StagedArtifacts = {
    catalogJson: files.get(`${ARTIFACT_DIR}/catalog.json`) ?? '',
    count: files.size + sunk,
    ...(mirror ? { linked: mirror.counts.linked } : {}),
    ...(tokenized ? { tokenized } : {}),
  };
  parentPort!.postMessage(answer);
});
