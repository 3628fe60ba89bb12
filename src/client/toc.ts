/** `<maru-toc>`: marks the TOC entry of the section being read (`aria-current`), as Starlight's TOC does. */
class MaruToc extends HTMLElement {
  connectedCallback(): void {
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
}

customElements.define('maru-toc', MaruToc);
