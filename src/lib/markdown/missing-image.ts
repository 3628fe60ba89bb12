/** Class of the placeholder that stands where an image's file is missing (styled by the site, allowed by the sanitizer). */
export const MISSING_IMAGE_CLASS = 'missing-image';

/** What a reader sees instead of a missing image: its alt text, or its address when it has none. */
export function missingImageText(alt: string | null | undefined, url: string): string {
  return `[이미지 없음: ${alt?.trim() || url}]`;
}

/** True for an image address that names a file of the wiki (relative or site-absolute), not a URL, `//host` or `#anchor`. */
export function isLocalImage(url: string): boolean {
  return url.length > 0 && !/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url);
}

/** The file part of a local image address (no query or fragment, percent-escapes decoded), as `exists` checks it. */
export function imageFile(url: string): string {
  const path = url.split(/[?#]/)[0]!;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
