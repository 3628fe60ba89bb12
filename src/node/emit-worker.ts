// The thread of `emitInWorker`: emits the artifacts of the wiki it is given, exactly as `emitArtifacts` does on the
// main thread, and sends them back.
import { parentPort, workerData } from 'node:worker_threads';
import type { Wiki } from '../lib/wiki/pipeline.ts';
import { emitArtifacts, siteConfig, type IndexCacheAt } from './wiki-build.ts';

export interface EmitWorkerData {
  /** The wiki without its link resolver and file check (functions do not cross threads; emitting uses neither). */
  wiki: Pick<Wiki, 'documents' | 'options'>;
  root: string;
  cache?: IndexCacheAt;
}

const { wiki, root, cache } = workerData as EmitWorkerData;
// Cast: the resolver and the problems are not read by emitting (`emitWiki` reads the documents and the base path).
parentPort!.postMessage(emitArtifacts({ ...wiki, problems: [], dropped: [] } as unknown as Wiki, siteConfig(), root, cache));
