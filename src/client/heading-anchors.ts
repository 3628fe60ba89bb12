import { getStrings } from '../lib/ui/strings.ts';
import { copy } from './clipboard.ts';

/** How long "링크 복사됨" stays on screen. */
const FEEDBACK_MS = 2000;

/**
 * Adds a `#` link to every h2–h4 of a document body, so a reader can share a section: following it puts the
 * section's address in the address bar as before, and it is also copied, which a note near the bottom of the
 * screen confirms ("링크 복사됨", announced as a status).
 */
const s = getStrings(document.documentElement.lang === 'en' ? 'en' : 'ko');
const toast = document.createElement('p');
toast.className = 'copy-toast';
toast.setAttribute('role', 'status');
toast.hidden = true;
document.body.append(toast);
let timer: ReturnType<typeof setTimeout> | undefined;

function confirm(text: string): void {
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    toast.hidden = true;
    toast.textContent = '';
  }, FEEDBACK_MS);
}

for (const heading of document.querySelectorAll<HTMLElement>('.prose :is(h2, h3, h4)[id]')) {
  const link = document.createElement('a');
  link.className = 'heading-anchor';
  link.href = `#${encodeURIComponent(heading.id)}`;
  link.setAttribute('aria-label', s.headingLink(heading.textContent ?? ''));
  link.textContent = '#';
  link.addEventListener('click', () => {
    copy(link.href).then(
      () => confirm(s.headingLinkCopied),
      () => undefined,
    );
  });
  heading.append(link);
}
document.documentElement.dataset['anchorsReady'] = '';
