import { expect, test } from 'vitest';
import { contentPathOfPublished, fileHref, publishedFilePath } from './url.ts';

test('a linked file in a hidden folder is published without the leading dot, which static hosts leave out', () => {
  expect(publishedFilePath('.gitbook/assets/guide.pdf')).toBe('_.gitbook/assets/guide.pdf');
  expect(publishedFilePath('docs/.attachments/a b.pdf')).toBe('docs/_.attachments/a b.pdf');
  expect(publishedFilePath('docs/files/a.pdf')).toBe('docs/files/a.pdf');
  expect(fileHref('/pr/7/', '.gitbook/assets/안내 1.pdf')).toBe('/pr/7/_files/_.gitbook/assets/%EC%95%88%EB%82%B4%201.pdf');
});

test('the published path leads back to the content path, and only a path that publishing could give does', () => {
  expect(contentPathOfPublished('_.gitbook/assets/guide.pdf')).toBe('.gitbook/assets/guide.pdf');
  expect(contentPathOfPublished('docs/files/a.pdf')).toBe('docs/files/a.pdf');
  // `.gitbook` itself is never published under its own name.
  expect(contentPathOfPublished('.gitbook/assets/guide.pdf')).toBeUndefined();
});
