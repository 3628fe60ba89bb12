/** Where the table of contents is a side column, open; below this width it is collapsed under the lead (global.css). */
const WIDE = '(min-width: 961px)';

/**
 * `<maru-toc>`: the document's one table of contents. Open beside the text on wide screens and collapsed under
 * the lead on narrow ones (it follows the width until the reader toggles it); marks the entry of the section
 * being read (`aria-current`), as Starlight's TOC does.
 */
class MaruToc extends HTMLElement {
  connectedCallback(): void {
    this.follow();
    const links = [...this.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')];
    const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1)))).filter((h): h is HTMLElement => h !== null);
    if (!targets.length || !('IntersectionObserver' in window)) return;
    const visible = new Set<Element>();
    const mark = () => {
      const current = targets.find((t) => visible.has(t)) ?? targets.filter((t) => t.getBoundingClientRect().top < 0).at(-1);
      for (const a of links) a.setAttribute('aria-current', String(current !== undefined && a.hash.slice(1) === encodeURIComponent(current.id)));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) e.isIntersecting ? visible.add(e.target) : visible.delete(e.target);
        mark();
      },
      { rootMargin: '0px 0px -60% 0px' },
    );
    targets.forEach((t) => observer.observe(t));
  }

  /** Opens the list on wide screens and closes it on narrow ones, until the reader opens or closes it. */
  private follow(): void {
    const details = this.querySelector('details');
    if (!details) return;
    const wide = matchMedia(WIDE);
    let chosen = false;
    const sync = () => {
      if (!chosen) details.open = wide.matches;
    };
    // A click (or Enter/Space) on the heading is the reader's choice; it wins over the width from then on.
    details.querySelector('summary')?.addEventListener('click', () => (chosen = true));
    sync();
    wide.addEventListener('change', sync);
    this.dataset['ready'] = '';
  }
}

customElements.define('maru-toc', MaruToc);
