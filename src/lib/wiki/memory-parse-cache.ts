import type { RawFile } from './document.ts';
import type { ParseCache, ParsedFile, WikiOptions } from './pipeline.ts';

/**
 * A parse cache held in memory by a long-lived process that builds the same folder again and again (the MCP server's
 * write path parses the whole folder for every save): a file is parsed again only when its path, text, dates or the
 * categories changed. One entry per path, so edits do not pile up; `get` hands out a copy, because the steps after
 * parsing own what they are given.
 */
export function createMemoryParseCache(): ParseCache {
  const entries = new Map<string, { fingerprint: string; parsed: ParsedFile }>();
  const fingerprintOf = (file: RawFile, options: WikiOptions) => JSON.stringify([file, options.categories]);
  return {
    get(file, options) {
      const entry = entries.get(file.path);
      return entry && entry.fingerprint === fingerprintOf(file, options) ? structuredClone(entry.parsed) : undefined;
    },
    set(file, options, parsed) {
      entries.set(file.path, { fingerprint: fingerprintOf(file, options), parsed: structuredClone(parsed) });
    },
  };
}
