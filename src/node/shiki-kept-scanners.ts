// Shiki's Oniguruma engine with its compiled scanners kept (see `keptScanners`), for the thread that loads this module
// instead of Astro's own engine module (`keepShikiScanners`).
import { registerHooks } from 'node:module';

/** The slice of a Shiki regex engine this wraps (`@shikijs/types` RegexEngine). */
export interface Engine {
  createScanner(patterns: (string | RegExp)[]): Scanner;
  createString(text: string): unknown;
}

interface Scanner {
  findNextMatchSync(text: unknown, startPosition: number, options?: unknown): unknown;
  dispose?(): void;
}

/** How many compiled pattern lists are kept at most; the first compiled is dropped first. */
const KEPT_SCANNERS = 1000;

/**
 * `engine`, keeping each scanner it compiled by its patterns. TextMate rules whose end pattern refers to what their
 * begin matched (a JSX tag's name) are compiled again, all sub-patterns with them, whenever that text differs from the
 * last one, and nested tags alternate: a scanner is a pure function of its patterns, so compiling each list once gives
 * the same matches. A kept scanner is disposed only when dropped; the grammar's `dispose` of it is a no-op.
 */
export function keptScanners(engine: Engine, limit = KEPT_SCANNERS): Engine {
  const kept = new Map<string, Scanner>();
  const compile = (key: string, patterns: (string | RegExp)[]) => {
    const scanner = engine.createScanner(patterns);
    if (kept.size >= limit) {
      const [oldest, dropped] = kept.entries().next().value!;
      kept.delete(oldest);
      dropped.dispose?.();
    }
    kept.set(key, scanner);
    return scanner;
  };
  return {
    createString: (text) => engine.createString(text),
    createScanner(patterns) {
      const key = patterns.map((p) => (typeof p === 'string' ? p : p.source)).join('\u0000');
      const copy = [...patterns];
      if (!kept.has(key)) compile(key, copy);
      // Looked up on every use: a scanner dropped meanwhile is compiled again rather than used after its disposal.
      return { findNextMatchSync: (text, start, options) => (kept.get(key) ?? compile(key, copy)).findNextMatchSync(text, start, options), dispose: () => {} };
    },
  };
}

/** The specifier Astro's Shiki helper imports its engine by (`@astrojs/internal-helpers`, package.json `imports`). */
const ENGINE_SPECIFIER = '#shiki-engine';
/** How this module imports the engine module it replaces. */
const ORIGINAL = 'maru:original-shiki-engine';

let helpersURL: string | undefined;

/**
 * From now on, on this thread, Astro's Shiki helper gets its engine from this module: Oniguruma, as before, with its
 * scanners kept. Must run before `@astrojs/markdown-remark` is first imported on the thread.
 */
export function keepShikiScanners(): void {
  registerHooks({
    resolve(specifier, context, next) {
      if (specifier === ENGINE_SPECIFIER && context.parentURL?.includes('/@astrojs/internal-helpers/')) {
        helpersURL = context.parentURL;
        return { url: import.meta.url, shortCircuit: true };
      }
      if (specifier === ORIGINAL && helpersURL) return next(ENGINE_SPECIFIER, { ...context, parentURL: helpersURL });
      return next(specifier, context);
    },
  });
}

/**
 * What Astro's helper calls in place of `@astrojs/internal-helpers/dist/shiki-engine-default.js`: its engine, scanners
 * kept. Imported through the module hook of `keepShikiScanners`, which knip does not follow.
 * @public
 */
export async function loadShikiEngine(): Promise<Engine> {
  const original = (await import(ORIGINAL)) as { loadShikiEngine: () => Promise<Engine> };
  return keptScanners(await original.loadShikiEngine());
}
