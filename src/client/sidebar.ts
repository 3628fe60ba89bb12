import { isNavFile, type NavFile, type NavItem } from '../lib/ui/nav-file.ts';

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

/**
 * `<maru-sidebar>`: a project's side navigation. The page holds every group's heading (a `<details>`) and a
 * window of the current group; opening another group, or "N more" in the current one, fills the group from the
 * project's sidebar file. Without JavaScript the same controls are links to the project's listing.
 * `data-ready` is set once the handlers are attached, and `data-state="full"` on a group once it is filled.
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
        if (group instanceof HTMLDetailsElement && group.open) void this.fill(group, src);
      },
      true,
    );
    this.addEventListener('click', (e) => {
      const more = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-more]') : null;
      const group = more?.closest('details');
      if (!more || !group) return;
      e.preventDefault();
      void this.fill(group, src, more.dataset['more'] === 'before' ? 'before' : 'after').then((ok) => ok || location.assign(more.href));
    });
    // Fetch ahead as soon as a reader comes near the navigation, so opening a group shows its list at once.
    const prefetch = () => void load(src);
    this.addEventListener('pointerenter', prefetch, { once: true });
    this.addEventListener('focusin', prefetch, { once: true });
    this.dataset['ready'] = '';
  }

  /** Replaces a group's list with all its documents; `from` names the "more" link used, to move focus to what it revealed. */
  private async fill(group: HTMLDetailsElement, src: string, from?: 'before' | 'after'): Promise<boolean> {
    if (group.dataset['state'] === 'full') return true;
    const list = group.querySelector('ul');
    if (!list) return false;
    list.setAttribute('aria-busy', 'true');
    const file = await load(src);
    list.removeAttribute('aria-busy');
    const items = file?.groups.find((g) => g.key === group.dataset['group'])?.items;
    if (!items) return false;
    // The links the page already had (the window), to find what "more" revealed.
    const shown = new Set([...list.querySelectorAll('li:not(.sidebar-more) a')].map((a) => a.getAttribute('href')));
    const links = items.map((item) => this.link(item));
    list.replaceChildren(...links.map(li));
    group.dataset['state'] = 'full';
    if (from) {
      const firstShown = items.findIndex((i) => shown.has(i.href));
      const lastShown = items.findLastIndex((i) => shown.has(i.href));
      (links[from === 'before' ? firstShown - 1 : lastShown + 1] ?? links[0])?.focus();
    }
    return true;
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
