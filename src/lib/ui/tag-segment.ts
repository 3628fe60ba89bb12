/** Characters a tag keeps in its page's address: letters (Hangul included), marks, digits, `-` and `_`. */
const KEPT = /[\p{L}\p{M}\p{N}_-]/u;

/** Past this many characters the address is cut, so a file name stays under 255 bytes (4 bytes a character at most). */
const MAX_KEPT = 60;

/**
 * The path segment of a tag's page (`tags/<segment>/`). Any tag the frontmatter accepts gets one that is a plain file
 * name on every file system and reads the same in a URL and on disk, so Astro writes the page where the links point:
 * `project/alpha`, `C#`, `100%`, `.` and `../../etc` used to fail the build or be written where every link 404ed.
 * A tag made only of kept characters is its own segment (`검색`, `react-hooks`); any other has its other characters
 * replaced by `-` and `~` and a hash of the whole tag appended. No kept tag contains `~`, so a changed segment never
 * equals a kept one, and two changed ones differ by their hashes.
 */
export function tagSegment(tag: string): string {
  const chars = Array.from(tag);
  if (chars.length > 0 && chars.length <= MAX_KEPT && chars.every((c) => KEPT.test(c))) return tag;
  const kept = chars
    .slice(0, MAX_KEPT)
    .map((c) => (KEPT.test(c) ? c : '-'))
    .join('')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return `${kept}~${fnv1a(tag)}`;
}

/** FNV-1a over the UTF-16 code units, in base 36: short, stable across builds and machines. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
