import { relativeDate } from '../lib/ui/dates.ts';

/** `<maru-relative-time datetime="…">`: refreshes the build-time "3일 전" against the reader's clock. */
class MaruRelativeTime extends HTMLElement {
  connectedCallback(): void {
    const iso = this.getAttribute('datetime');
    if (iso) this.textContent = relativeDate(iso, new Date(), document.documentElement.lang === 'en' ? 'en' : 'ko');
  }
}

customElements.define('maru-relative-time', MaruRelativeTime);
