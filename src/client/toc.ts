/** Where the table of contents is a side column, open; below this width it is collapsed under the lead (global.css). */
const WIDE = '(min-width: 1181px)';

/**
 * `<maru-toc>`: the document's one table of contents. Open beside the text on wide screens and collapsed under
 * the lead on narrow ones (it follows the width until the reader toggles it); marks the entry of the section
 * being read (`aria-current`), as Starlight's TOC does.
 */
class MaruToc extends HTMLElement {
  /** Sets the bar's section name; replaced once the bar is wired. */
  private showCurrent: (text: string) => void = () => undefined;

  connectedCallback(): void {
    this.follow();
    this.bar();
    const links = [...this.querySelectorAll<HTMLAnchorElement>('nav.toc a[href^="#"]')];
    const targets = links.map((a) => document.getElementById(decodeURIComponent(a.hash.slice(1)))).filter((h): h is HTMLElement => h !== null);
    if (!targets.length || !('IntersectionObserver' in window)) return;
    const visible = new Set<Element>();
    let shown: HTMLAnchorElement | undefined | null = null;
    const mark = () => {
      // The section being read: the first heading in the top 40% of the view, else the last one above it.
      const line = window.innerHeight * 0.4;
      const current = targets.find((t) => visible.has(t)) ?? targets.filter((t) => t.getBoundingClientRect().top < line).at(-1);
      const at = links.find((a) => current !== undefined && a.hash.slice(1) === encodeURIComponent(current.id));
      if (at === shown) return;
      shown = at;
      for (const a of links) a.setAttribute('aria-current', String(a === at));
      this.showCurrent(at?.textContent ?? '');
    };
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) e.isIntersecting ? visible.add(e.target) : visible.delete(e.target);
        mark();
      },
      { rootMargin: '0px 0px -60% 0px' },
    );
    targets.forEach((t) => observer.observe(t));
    // A jump (a link, the bar's list, Home/End) can pass a whole section without any heading crossing the observed band.
    let queued = false;
    addEventListener(
      'scroll',
      () => {
        if (queued) return;
        queued = true;
        requestAnimationFrame(() => {
          queued = false;
          if (visible.size === 0) mark();
        });
      },
      { passive: true },
    );
  }

  /**
   * The slim bar of narrow screens: shown once the list under the lead is above the view, it names the section being
   * read and opens a copy of the list under it; a link chosen there, Escape or a click outside closes it again.
   */
  private bar(): void {
    const bar = this.querySelector<HTMLElement>('.toc-bar');
    const box = this.querySelector('details');
    const button = bar?.querySelector<HTMLButtonElement>('.toc-bar-button');
    const panel = bar?.querySelector<HTMLElement>('.toc-bar-panel');
    const list = this.querySelector('nav.toc ol');
    if (!bar || !box || !button || !panel || !list || !('IntersectionObserver' in window)) return;
    const current = bar.querySelector<HTMLElement>('[data-toc-current]')!;
    this.showCurrent = (text) => {
      if (current.textContent !== text) current.textContent = text;
    };
    const wide = matchMedia(WIDE);
    let above = false;
    const close = () => {
      panel.hidden = true;
      button.setAttribute('aria-expanded', 'false');
    };
    const sync = () => {
      bar.hidden = wide.matches || !above;
      if (bar.hidden) close();
    };
    new IntersectionObserver(([entry]) => {
      above = entry !== undefined && !entry.isIntersecting && entry.boundingClientRect.top < 0;
      sync();
    }).observe(box);
    wide.addEventListener('change', sync);
    button.addEventListener('click', () => {
      if (!panel.firstChild) panel.append(list.cloneNode(true));
      panel.hidden = !panel.hidden;
      button.setAttribute('aria-expanded', String(!panel.hidden));
    });
    panel.addEventListener('click', (e) => e.target instanceof Element && e.target.closest('a') && close());
    bar.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !panel.hidden) {
        close();
        button.focus();
      }
    });
    document.addEventListener('click', (e) => !panel.hidden && e.target instanceof Node && !bar.contains(e.target) && close());
    bar.querySelector('.toc-bar-top')?.addEventListener('click', (e) => {
      e.preventDefault();
      close();
      window.scrollTo({ top: 0 });
      document.getElementById('doc-content')?.focus({ preventScroll: true });
    });
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
