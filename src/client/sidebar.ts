import { findNavGroup, isNavFile, isNavGroup, type NavEntry, type NavFile, type NavGroup, type NavItem } from '../lib/ui/nav-file.ts';

/** One fetch per sidebar file and page, shared by the side column and the drawer; undefined when it failed. */
const files = new Map<string, Promise<NavFile | undefined>>();

function load(src: string): Promise<NavFile | undefined> {
  let file = files.get(src);
  if (!file) {
    file = fetch(src)
      .then((r) => (r.ok ? r.json() : undefined))
      .then((json: unknown) => (isNavFile(json) ? json : undefined))
      .catch(() => undefined);
    files.set(src, file);
  }
  return file;
}

/** Documents in a group and its sub-groups. */
function countOf(group: NavGroup): number {
  return group.items.reduce((n, e) => n + (isNavGroup(e) ? countOf(e) : 1), 0);
}

/**
 * `<maru-sidebar>`: a project's side navigation, nested groups from its folders. The page holds the lists on the
 * way to the current document (each a window around it) and every other group's heading (a `<details>`); opening
 * a group, or "N more" in a list, fills that list from the project's sidebar file. Without JavaScript the same
 * controls are links (a group's first document, the project's listing).
 * `data-ready` is set once the handlers are attached, and `data-state="full"` on a list (and its group) once it is filled.
 */
class MaruSidebar extends HTMLElement {
  connectedCallback(): void {
    const src = this.dataset['src'];
    if (!src) return;
    // `toggle` does not bubble: listen in the capture phase for every group at once.
    this.addEventListener(
      'toggle',
      (e) => {
        const group = e.target;
        const list = group instanceof HTMLDetailsElement && group.open ? group.querySelector<HTMLUListElement>(':scope > ul[data-list]') : null;
        if (list) void this.fill(list, src);
      },
      true,
    );
    this.addEventListener('click', (e) => {
      const more = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-more]') : null;
      const list = more?.closest<HTMLUListElement>('ul[data-list]');
      if (!more || !list) return;
      e.preventDefault();
      void this.fill(list, src, more.dataset['more'] === 'before' ? 'before' : 'after').then((ok) => ok || location.assign(more.href));
    });
    // Fetch ahead as soon as a reader comes near the navigation, so opening a group shows its list at once.
    const prefetch = () => void load(src);
    this.addEventListener('pointerenter', prefetch, { once: true });
    this.addEventListener('focusin', prefetch, { once: true });
    this.revealCurrent();
    this.dataset['ready'] = '';
  }

  /** Scrolls the side column (not the page) so the current document's link is in view: deep in a tree it starts below the fold. */
  private revealCurrent(): void {
    const box = this.closest<HTMLElement>('.doc-sidebar');
    const current = this.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!box || !current || box.scrollHeight <= box.clientHeight) return;
    const top = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
    // Low in the column (or below it): brought up to a third of its height, with the branch above it in sight.
    if (top > box.clientHeight * 0.6) box.scrollTop += top - box.clientHeight / 3;
  }

  /** Replaces a list with all its entries; `from` names the "more" link used, to move focus to what it revealed. */
  private async fill(list: HTMLUListElement, src: string, from?: 'before' | 'after'): Promise<boolean> {
    if (list.dataset['state'] === 'full') return true;
    list.setAttribute('aria-busy', 'true');
    const file = await load(src);
    list.removeAttribute('aria-busy');
    const key = list.dataset['list'] ?? '';
    const entries = file && (key === '' ? file.items : findNavGroup(file.items, key)?.items);
    if (!entries) return false;
    // What the page already had (the window): its links, to find what "more" revealed, and its open groups, kept as they are.
    const rows = [...list.children].filter((li) => !li.classList.contains('sidebar-more'));
    const shown = new Set(
      rows.map((li) => li.querySelector(':scope > a')?.getAttribute('href') ?? li.querySelector(':scope > details')?.getAttribute('data-group')),
    );
    const kept = new Map(
      rows.flatMap((li) => [...li.querySelectorAll<HTMLDetailsElement>(':scope > details[data-group]')].map((d) => [d.dataset['group'], li] as const)),
    );
    const items = entries.map((e) => (isNavGroup(e) ? (kept.get(e.key) ?? li(this.group(e))) : li(this.link(e))));
    list.replaceChildren(...items);
    list.dataset['state'] = 'full';
    const owner = list.parentElement;
    if (owner instanceof HTMLDetailsElement) owner.dataset['state'] = 'full';
    if (from) {
      const ids = entries.map((e: NavEntry) => (isNavGroup(e) ? e.key : e.href));
      const firstShown = ids.findIndex((id) => shown.has(id));
      const lastShown = ids.findLastIndex((id) => shown.has(id));
      const target = items[from === 'before' ? firstShown - 1 : lastShown + 1] ?? items[0];
      target?.querySelector<HTMLElement>('a, summary')?.focus();
    }
    return true;
  }

  /** A group, filled when opened. */
  private group(g: NavGroup): HTMLDetailsElement {
    const details = document.createElement('details');
    details.className = 'sidebar-group';
    details.dataset['group'] = g.key;
    const summary = document.createElement('summary');
    summary.className = 'sidebar-group-title';
    const count = document.createElement('span');
    count.className = 'sidebar-count';
    count.textContent = String(countOf(g));
    const label = document.createElement('span');
    label.className = 'sidebar-group-label';
    label.textContent = g.label;
    summary.append(label, count);
    const list = document.createElement('ul');
    list.dataset['list'] = g.key;
    details.append(summary, list);
    // The content's `collapsed: false` opens it as the page draws it; its `toggle` then fills the list.
    if (g.collapsed === false) details.open = true;
    return details;
  }

  private link(item: NavItem): HTMLAnchorElement {
    const a = document.createElement('a');
    a.setAttribute('href', item.href);
    a.textContent = item.title;
    if (item.href === this.dataset['current']) {
      a.setAttribute('aria-current', 'page');
      const note = document.createElement('span');
      note.className = 'sr-only';
      note.textContent = ` (${this.dataset['currentLabel'] ?? ''})`;
      a.append(note);
    }
    return a;
  }
}

function li(child: Node): HTMLLIElement {
  const item = document.createElement('li');
  item.append(child);
  return item;
}

customElements.define('maru-sidebar', MaruSidebar);
