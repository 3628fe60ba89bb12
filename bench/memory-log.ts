// A preload for the scale bench (`node --import bench/memory-log.ts`, set in NODE_OPTIONS by bench/build.ts): while
// MARU_MEMORY_LOG names a folder, each Node process of the build appends one line every MARU_MEMORY_LOG_MS (default
// 5,000) to <folder>/<pid>.tsv: its resident memory, its main thread's heap and each of its worker threads' heaps. A
// worker's heap is asked through `Worker#getHeapStatistics`, which answers while the worker is busy (a timer inside
// the worker would not run then), so the preload replaces the `Worker` class of `node:worker_threads` by a subclass
// that registers every worker started after it. Costs one small write per interval; changes nothing the build does.
import { appendFileSync } from 'node:fs';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import workerThreads from 'node:worker_threads';

/** The columns of each line, after the time in seconds since the epoch; MiB. `workers` lists `name used/total`. */
export const MEMORY_LOG_COLUMNS = ['epochS', 'rss', 'mainUsed', 'mainTotal', 'external', 'arrayBuffers', 'workers'] as const;

const dir = process.env.MARU_MEMORY_LOG;
if (dir && workerThreads.isMainThread) {
  const live = new Map<workerThreads.Worker, string>();
  // The CommonJS view of the built-in module: what ESM importers see once `syncBuiltinESMExports` copies it over.
  const shared = createRequire(import.meta.url)('node:worker_threads') as { Worker: typeof workerThreads.Worker };
  const Base = shared.Worker;
  let started = 0;
  shared.Worker = class extends Base {
    constructor(...args: ConstructorParameters<typeof Base>) {
      super(...args);
      live.set(this, `${++started}:${String(args[0]).split('/').pop()}`);
      this.once('exit', () => live.delete(this));
    }
  };
  syncBuiltinESMExports();
  const file = `${dir}/${process.pid}.tsv`;
  appendFileSync(file, `# ${process.argv.slice(1).join(' ').slice(0, 300)}\n${MEMORY_LOG_COLUMNS.join('\t')}\n`);
  const mib = (bytes: number) => Math.round(bytes / 1048576);
  const sample = async () => {
    const m = process.memoryUsage();
    const heap = getHeapStatistics();
    const workers = await Promise.all(
      [...live].map(async ([worker, name]) => {
        try {
          const s = await worker.getHeapStatistics();
          return `${name} ${mib(s.used_heap_size)}/${mib(s.total_heap_size)}`;
        } catch {
          return `${name} ?`; // exited meanwhile
        }
      }),
    );
    const row = [
      (Date.now() / 1000).toFixed(1),
      mib(m.rss),
      mib(heap.used_heap_size),
      mib(heap.total_heap_size),
      mib(m.external),
      mib(m.arrayBuffers),
      workers.join(', '),
    ];
    appendFileSync(file, `${row.join('\t')}\n`);
  };
  setInterval(() => void sample(), Number(process.env.MARU_MEMORY_LOG_MS ?? 5000)).unref();
}
