/**
 * Shiki stops highlighting a line after 500 ms (`tokenizeTimeLimit`) and prints the rest as plain
 * text. On a busy machine that made two builds of the same content differ (seen here: one line of a
 * TypeScript block in `adr-mcp-sdk-v2` highlighted in one build, plain in the next), which breaks
 * the byte-identical rebuild and cache guarantees. Lifting the limit makes highlighting depend on the
 * code only. The limit guards against pathological grammars; our content is reviewed Markdown and
 * the build has its own overall timeouts in CI.
 */
export default function shikiNoTimeLimit(): { name: string; preprocess: (code: string, options: { tokenizeTimeLimit?: number }) => undefined } {
  return {
    name: 'maru:no-tokenize-time-limit',
    preprocess(_code, options) {
      // Shiki passes the same options object on to tokenizing, so this setting reaches it.
      options.tokenizeTimeLimit = 0;
      return undefined;
    },
  };
}
