import { applyListing, listingParams, parseListingState, type ListingItem, type ListingState } from '../lib/ui/listing.ts';
import { getStrings } from '../lib/ui/strings.ts';

type Row = ListingItem & { node: HTMLElement };

/** Reads a listing row from the data attributes the server rendered on it. */
function toRow(node: HTMLElement): Row {
  const d = node.dataset;
  return {
    node,
    id: d['id'] ?? '',
    title: d['title'] ?? '',
    project: d['project'] ?? '',
    category: d['category'] ?? '',
    tags: JSON.parse(d['tags'] ?? '[]') as string[],
    updatedAt: d['updated'] ?? '',
  };
}

/** `<maru-listing>`: filters and sorts a server-rendered list of documents; the state lives in the URL. */
class MaruListing extends HTMLElement {
  connectedCallback(): void {
    const form = this.querySelector('form')!;
    const list = this.querySelector('[data-listing-items]')!;
    const count = this.querySelector('[data-listing-count]');
    const rows = [...list.querySelectorAll<HTMLElement>(':scope > li')].map(toRow);
    const strings = getStrings(document.documentElement.lang === 'en' ? 'en' : 'ko');
    const field = (name: string) => form.elements.namedItem(name) as HTMLSelectElement | null;
    const read = (): ListingState => parseListingState(new URLSearchParams(new FormData(form) as unknown as Record<string, string>));
    const apply = (state: ListingState, push: boolean) => {
      const shown = applyListing(rows, state);
      const visible = new Set(shown);
      for (const r of rows) r.node.hidden = !visible.has(r);
      list.append(...shown.map((r) => r.node));
      if (count) count.textContent = strings.shownCount(shown.length, rows.length);
      if (push) {
        const params = listingParams(state).toString();
        history.replaceState(null, '', `${location.pathname}${params ? `?${params}` : ''}${location.hash}`);
      }
    };
    const initial = parseListingState(new URLSearchParams(location.search));
    for (const key of ['project', 'category', 'tag', 'sort'] as const) {
      const select = field(key);
      if (select && [...select.options].some((o) => o.value === initial[key])) select.value = initial[key];
    }
    form.hidden = false;
    form.addEventListener('change', () => apply(read(), true));
    form.addEventListener('submit', (e) => e.preventDefault());
    apply(read(), false);
  }
}

customElements.define('maru-listing', MaruListing);
