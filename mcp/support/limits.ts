/**
 * Maxima of MCP string arguments, checked by the tools' zod schemas before any handler runs (house style 20).
 * Each is at least what a valid value can be, so nothing legitimate is refused.
 */

/** A document id: `isSlug` accepts at most 200 characters. */
export const MAX_ID_CHARS = 200;
/** A section: an anchor (a slug), heading text or a "Parent > Child" path of headings. */
export const MAX_SECTION_CHARS = 1_000;
/** A project, category or tag name. */
export const MAX_NAME_CHARS = 100;
/** A date (`YYYY-MM-DD` or ISO 8601 with offset and fraction). */
export const MAX_DATE_CHARS = 40;
/** A paging cursor: base64 of `<offset>:<buildId>`. */
export const MAX_CURSOR_CHARS = 300;
/** Tags in one filter. */
export const MAX_FILTER_TAGS = 20;
/** A resource URI (`knowledge://documents/` plus an id, percent-encoded: up to 9 characters per id character). */
export const MAX_URI_CHARS = 2_000;
/** How deep search_knowledge pages: hits past the first thousand are no answer to look through. */
export const MAX_SEARCH_OFFSET = 1_000;
