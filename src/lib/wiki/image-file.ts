import { imageSize } from 'image-size';

/** Bytes read from the start of an image file first: every common format states its type and size within them. */
export const IMAGE_HEADER_BYTES = 64 * 1024;

/**
 * What the build can do with a picture the content shows: use it, or show the missing-image placeholder instead
 * (`unsafe`: an SVG that cannot be parsed as one, so nothing of it can be published: src/lib/markdown/svg-safety.ts).
 */
export type ImageStatus = 'ok' | 'missing' | 'unreadable' | 'unsafe';

/**
 * True when `bytes` (a file's start, or all of it) are an image of a type the site knows, with a width and height:
 * what Astro needs to read from a picture before it can place it. Anything else (an empty or truncated header,
 * text named .png, an SVG without a root <svg> element) would stop the whole build with Astro's image error.
 */
export function isReadableImage(bytes: Uint8Array): boolean {
  // image-size reads through views of the whole underlying buffer, past the end of a shorter view: give it its own.
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
  try {
    const { type, width, height } = imageSize(own);
    return type !== undefined && width > 0 && height > 0;
  } catch {
    // image-size throws for unknown types and for headers cut short; both mean Astro could not read it either.
    return false;
  }
}
