// A thread of `parseInParallel`: takes files by index from the shared counter until none is left, and sends back each
// parse result with the body's syntax tree serialized (the structured clone format), for the site's renderer.
import { serialize } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { toSourceDocument, type RawFile } from '../lib/wiki/document.ts';

export interface ParseWorkerData {
  files: RawFile[];
  categories: string[];
  keepTrees: boolean;
  /** One Int32: the index of the next file nobody has taken. */
  next: SharedArrayBuffer;
}

export interface ParseWorkerResult {
  index: number;
  parsed: ReturnType<typeof toSourceDocument>;
  tree?: { body: string; bodyLine: number; serialized: Uint8Array };
}

const { files, categories, keepTrees, next } = workerData as ParseWorkerData;
const counter = new Int32Array(next);
for (let index = Atomics.add(counter, 0, 1); index < files.length; index = Atomics.add(counter, 0, 1)) {
  let tree: ParseWorkerResult['tree'];
  const parsed = toSourceDocument(
    files[index]!,
    categories,
    keepTrees ? (_path, { body, bodyLine, tree: root }) => void (tree = { body, bodyLine, serialized: serialize(root) }) : undefined,
  );
  parentPort!.postMessage({ index, parsed, ...(tree ? { tree } : {}) } satisfies ParseWorkerResult);
}
