/**
 * Follows how deeply JSON text nests, chunk by chunk, without parsing it: `JSON.parse` of 3.6 MiB of `[` blocks the
 * event loop for seconds, and a tool argument never nests more than a few levels. Brackets inside strings do not
 * count (a string's `\"` does not end it). The text need not be valid JSON: the parse that follows judges that.
 */
export interface JsonDepthScanner {
  /** Reads the next bytes; false once the nesting has gone past the limit (and from then on). */
  push(chunk: Uint8Array): boolean;
  /** The deepest nesting seen so far. */
  readonly deepest: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

export function jsonDepthScanner(limit: number): JsonDepthScanner {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  let escaped = false;
  return {
    push(chunk) {
      if (deepest > limit) return false;
      for (const byte of chunk) {
        if (inString) {
          if (escaped) escaped = false;
          else if (byte === BACKSLASH) escaped = true;
          else if (byte === QUOTE) inString = false;
        } else if (byte === QUOTE) inString = true;
        else if (OPENERS.has(byte)) {
          if (++depth > deepest && (deepest = depth) > limit) return false;
        } else if (CLOSERS.has(byte) && depth > 0) depth--;
      }
      return true;
    },
    get deepest() {
      return deepest;
    },
  };
}
