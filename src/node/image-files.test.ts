import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { IMAGE_HEADER_BYTES } from '../lib/wiki/image-file.ts';
import { contentImageStatus, imageStatus, publishSafeSvgs } from './image-files.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000280000001e0802000000', 'hex');

/** A JPEG whose frame header comes after `padding` bytes of metadata (an APP1 segment per 65,533 bytes), as camera files have. */
function jpegAfter(padding: number): Buffer {
  const segments: Buffer[] = [Buffer.from([0xff, 0xd8])];
  for (let left = padding; left > 0; left -= 65_533) {
    const n = Math.min(left, 65_533);
    segments.push(Buffer.from([0xff, 0xe1, (n + 2) >> 8, (n + 2) & 255]), Buffer.alloc(n, 0x20));
  }
  segments.push(Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 30, 0, 40, 3]), Buffer.alloc(15));
  return Buffer.concat(segments);
}

test('a picture is ok, missing, or unreadable; a folder or an image whose size comes after 64 KiB are told apart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-images-'));
  writeFileSync(join(dir, 'ok.png'), PNG);
  writeFileSync(join(dir, 'empty.png'), '');
  writeFileSync(join(dir, 'text.png'), 'hello, I am text\n');
  writeFileSync(join(dir, 'camera.jpg'), jpegAfter(IMAGE_HEADER_BYTES * 2));
  mkdirSync(join(dir, 'folder.png'));
  expect(['ok.png', 'gone.png', 'empty.png', 'text.png', 'camera.jpg', 'folder.png'].map((f) => imageStatus(join(dir, f)))).toEqual([
    'ok',
    'missing',
    'unreadable',
    'unreadable',
    'ok',
    'unreadable',
  ]);
});

test('a picture fixed in place is read again (the dev server), an unchanged one is not', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-images-'));
  const file = join(dir, 'diagram.png');
  writeFileSync(file, PNG.subarray(0, 16));
  expect(imageStatus(file)).toBe('unreadable');
  writeFileSync(file, PNG);
  utimesSync(file, new Date(), new Date(Date.now() + 5_000));
  expect(imageStatus(file)).toBe('ok');
});

test('an SVG is ok when it parses (its script is dropped when published), unsafe when it cannot be parsed, unreadable without a size', () => {
  const dir = mkdtempSync(join(tmpdir(), 'maru-svgs-'));
  const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"${attrs}>${inner}</svg>`;
  writeFileSync(join(dir, 'drawing.svg'), svg('<rect width="40" height="30"/><text x="1" y="9">라벨</text>'));
  writeFileSync(join(dir, 'script.svg'), svg('<script>alert(1)</script>'));
  writeFileSync(join(dir, 'broken.svg'), svg('<rect>'));
  // The broken part past the first 64 KiB: the whole file is read.
  writeFileSync(join(dir, 'late.svg'), svg(`<desc>${'x'.repeat(IMAGE_HEADER_BYTES)}</desc><x.y:script>alert(1)</x.y:script>`));
  writeFileSync(join(dir, 'sizeless.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
  expect(['drawing.svg', 'script.svg', 'broken.svg', 'late.svg', 'sizeless.svg'].map((f) => imageStatus(join(dir, f)))).toEqual([
    'ok',
    'ok',
    'unsafe',
    'unsafe',
    'unreadable',
  ]);
});

test("the SVGs of a build's output are replaced by what the allow list keeps; one that cannot be parsed is removed and named", () => {
  const out = mkdtempSync(join(tmpdir(), 'maru-svg-out-'));
  mkdirSync(join(out, '_astro', 'deep'), { recursive: true });
  const open = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"';
  writeFileSync(join(out, '_astro', 'a.1x.svg'), `${open}><x.y:script xmlns:x.y="http://www.w3.org/1999/xhtml">alert(1)</x.y:script><rect/></svg>`);
  writeFileSync(join(out, '_astro', 'deep', 'b.2y.svg'), `${open}><rect>`);
  writeFileSync(join(out, '_astro', 'c.js'), 'x');
  // A hard link to the last build's copy: replacing the file must leave that copy as it was.
  const before = join(out, 'mirror.svg');
  writeFileSync(before, `${open} onload="x()"/>`);
  linkSync(before, join(out, '_astro', 'd.3z.svg'));
  expect(publishSafeSvgs(out)).toEqual([{ path: join('_astro', 'deep', 'b.2y.svg'), reason: 'XML로 읽을 수 없습니다 (1:67: unclosed tag: rect)' }]);
  expect(readdirSync(join(out, '_astro'), { recursive: true, encoding: 'utf8' }).sort()).toEqual(['a.1x.svg', 'c.js', 'd.3z.svg', 'deep']);
  expect(readFileSync(join(out, '_astro', 'a.1x.svg'), 'utf8')).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${open}><rect/></svg>\n`);
  expect(readFileSync(join(out, '_astro', 'd.3z.svg'), 'utf8')).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n${open}/>\n`);
  expect(readFileSync(before, 'utf8')).toBe(`${open} onload="x()"/>`);
});

test('a picture is missing when its path leads out of the content folder or through a symbolic link, wherever that points', () => {
  const top = mkdtempSync(join(tmpdir(), 'maru-folder-'));
  const root = join(top, 'content');
  mkdirSync(join(root, 'notes'), { recursive: true });
  mkdirSync(join(top, 'elsewhere'));
  writeFileSync(join(root, 'notes', 'ok.png'), PNG);
  writeFileSync(join(top, 'secret.png'), PNG);
  writeFileSync(join(top, 'elsewhere', 'inner.png'), PNG);
  symlinkSync(join(top, 'secret.png'), join(root, 'link.png'));
  symlinkSync(join(top, 'elsewhere'), join(root, 'linked-folder'));
  symlinkSync(join(root, 'notes', 'ok.png'), join(root, 'inside-link.png'));
  const paths = ['notes/ok.png', '../secret.png', 'notes/../../secret.png', join(top, 'secret.png'), 'link.png', 'linked-folder/inner.png', 'inside-link.png'];
  expect(paths.map((p) => contentImageStatus(root, p))).toEqual(['ok', 'missing', 'missing', 'missing', 'missing', 'missing', 'missing']);
});
