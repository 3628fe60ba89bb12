import { getStrings } from '../lib/ui/strings.ts';

/** Adds a `#` link to every h2–h4 of a document body, so a reader can copy the address of a section. */
const label = getStrings(document.documentElement.lang === 'en' ? 'en' : 'ko').headingLink;
for (const heading of document.querySelectorAll<HTMLElement>('.prose :is(h2, h3, h4)[id]')) {
  const link = document.createElement('a');
  link.className = 'heading-anchor';
  link.href = `#${encodeURIComponent(heading.id)}`;
  link.setAttribute('aria-label', label(heading.textContent ?? ''));
  link.textContent = '#';
  heading.append(link);
}
