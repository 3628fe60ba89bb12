import type { MatchLevel, ResultHit, SearchResult } from '../lib/search/search.ts';
import { alternativeQueries, hitHref, parseSearchState, searchParams, toFilters, toSegments, type SearchState } from '../lib/ui/search-view.ts';
import { getStrings, type Lang, type Strings } from '../lib/ui/strings.ts';
import { reportMissLater, runSearch, warmSearch } from './search-engine.ts';
import { missLogReceived } from './search-extent.ts';
import { isMiss } from '../lib/misses/miss-rule.ts';

/** Display names the server renders into `data-labels`. */
interface Labels {
  projects: Record<string, string>;
  categories: Record<string, string>;
}

/** The index ranks in a few milliseconds once loaded, so a keystroke is searched at once (0: after the input event's task). */
const DEBOUNCE_MS = 0;

/** Sets a text only when it changes: an equal write still replaces the text node and costs a layout pass. */
function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

function setAttribute(node: Element, name: string, value: string): void {
  if (node.getAttribute(name) !== value) node.setAttribute(name, value);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * `<maru-search data-limit data-mode="inline|dialog|page">`: a search box whose results appear as you type.
 * Arrow keys move through results, Enter opens the selected (or best) one at its section.
 * In page mode the query and filters live in the URL (`?q=…&project=…`), so a search can be shared.
 */
export class MaruSearch extends HTMLElement {
  #input!: HTMLInputElement;
  #list!: HTMLUListElement;
  #status!: HTMLElement;
  #form!: HTMLFormElement;
  #strings!: Strings;
  #labels: Labels = { projects: {}, categories: {} };
  #hits: ResultHit[] = [];
  /** What each option on screen shows (see `#render`). */
  #shownKeys: string[] = [];
  #active = -1;
  #searched: string | undefined;
  #generation = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** How many results are shown: one page (`data-limit`) more each time "더 보기" is pressed. */
  #shown = 0;
  #more!: HTMLButtonElement;
  /** Index of the first result "더 보기" asked for: it takes focus once shown, since the button may hide and drop focus to <body>. */
  #focusFrom: number | undefined;
  /** When the keystroke being answered happened (event time), for the `maru:keystroke` measure the benchmarks read. */
  #typedAt: number | undefined;
  /** True while an IME composition is open (a Korean syllable being typed): no empty state, no partial-match banner. */
  #composing = false;
  /** The query whose results are on screen, to bring the list back to its top when another one replaces them. */
  #renderedQuery: string | undefined;

  get mode(): string {
    return this.dataset['mode'] ?? 'inline';
  }

  connectedCallback(): void {
    this.#strings = getStrings((document.documentElement.lang === 'en' ? 'en' : 'ko') satisfies Lang);
    this.#input = this.querySelector('input[name="q"]')!;
    this.#list = this.querySelector('[role="listbox"]')!;
    this.#status = this.querySelector('.search-status')!;
    this.#form = this.querySelector('form')!;
    this.#labels = JSON.parse(this.dataset['labels'] ?? '{}') as Labels;
    this.#more = this.#moreButton();
    this.#input.addEventListener('input', (e) => {
      this.#typedAt ??= e.timeStamp;
      if (e instanceof InputEvent && e.isComposing) this.#composing = true;
      this.#schedule(DEBOUNCE_MS, true);
    });
    this.#input.addEventListener('compositionstart', () => (this.#composing = true));
    // The syllable is settled: now an empty result may say so.
    this.#input.addEventListener('compositionend', () => {
      this.#composing = false;
      this.#schedule(0, true);
    });
    // Someone who focuses the box is about to search: fetch the index while they type the first word.
    this.#input.addEventListener('focus', () => warmSearch(), { once: true });
    this.#input.addEventListener('keydown', (e) => this.#onKey(e));
    this.#form.addEventListener('submit', (e) => void this.#onSubmit(e));
    this.#form.addEventListener('change', (e) => e.target !== this.#input && this.#schedule(0, true));
    this.#list.addEventListener('mousemove', (e) => {
      const option = (e.target as Element).closest('[role="option"]');
      const i = option ? [...this.#list.querySelectorAll('[role="option"]')].indexOf(option) : -1;
      if (i >= 0 && i !== this.#active) this.#select(i);
    });
    if (this.mode === 'page') {
      const state = parseSearchState(new URLSearchParams(location.search));
      this.#input.value = state.q;
      for (const key of ['project', 'category', 'tag'] as const) {
        const select = this.#form.elements.namedItem(key);
        if (select instanceof HTMLSelectElement) select.value = state[key];
      }
    }
    if (this.#input.value.trim()) this.#schedule(0);
  }

  /** Focuses the box and selects its text (used by the dialog). */
  focusInput(): void {
    this.#input.focus();
    this.#input.select();
  }

  #state(): SearchState {
    const value = (name: string) => {
      const field = this.#form.elements.namedItem(name);
      return field instanceof HTMLSelectElement ? field.value : '';
    };
    return { q: this.#input.value, project: value('project'), category: value('category'), tag: value('tag') };
  }

  #schedule(delay = DEBOUNCE_MS, fresh = false): void {
    if (fresh) {
      this.#shown = 0;
      this.#focusFrom = undefined;
    }
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#run(), delay);
  }

  async #run(): Promise<void> {
    const generation = ++this.#generation;
    const typedAt = this.#typedAt;
    this.#typedAt = undefined;
    const state = this.#state();
    const composing = this.#composing;
    this.#searched = state.q;
    const full = this.closest('dialog')?.querySelector<HTMLAnchorElement>('[data-full-results]');
    if (full) full.search = searchParams(state).toString();
    if (this.mode === 'page') history.replaceState(null, '', `${location.pathname}${searchParams(state).size ? `?${searchParams(state)}` : ''}`);
    if (!state.q.trim()) {
      this.#render([], state);
      return void Object.assign(this.dataset, { state: 'done', query: state.q, search: searchParams(state).toString(), shown: '0' });
    }
    this.dataset['state'] = 'loading';
    // The ranked hits show at once; their snippets are refined when the text of new hits arrives.
    let shown = false;
    // "Loading" only while nothing is shown: once hits are on screen, the status describes them.
    const slow = setTimeout(() => generation === this.#generation && !shown && (this.#status.textContent = this.#strings.searchLoading), 150);
    try {
      this.#shown ||= this.#pageSize();
      const show = (r: SearchResult) => {
        // Mid-syllable, "no documents" waits for compositionend: the results of the last step stay.
        if (generation !== this.#generation || (composing && !r.hits.length)) return;
        this.#render(r.hits, state, r.match, r.total);
        // Keystroke to first results on screen (refined as shards and snippet texts arrive): what `npm run bench` reports.
        if (!shown && typedAt !== undefined) performance.measure('maru:keystroke', { start: typedAt, end: performance.now() });
        shown = true;
      };
      const result = await runSearch(state.q, toFilters(state), this.#shown, show, composing);
      if (typedAt !== undefined && generation === this.#generation) performance.measure('maru:keystroke-settled', { start: typedAt, end: performance.now() });
      const hits = result.hits;
      if (generation !== this.#generation) return;
      show(result);
      this.#focusRevealed();
      void this.#reportMiss(state, result, generation);
      if (!hits.length && !composing) await this.#suggest(state, generation);
    } catch (error) {
      console.error(error);
      if (generation === this.#generation) this.#status.textContent = this.#strings.searchError;
    } finally {
      clearTimeout(slow);
      // `data-query` names the query whose results (and counts) are on screen: what tests wait for, instead of sleeping.
      if (generation === this.#generation)
        Object.assign(this.dataset, { state: 'done', query: state.q, search: searchParams(state).toString(), shown: String(this.#hits.length) });
    }
  }

  #pageSize(): number {
    return Number(this.dataset['limit'] ?? 10);
  }

  /** "30개 더 보기": shows the next page of results below the ones already there. */
  #moreButton(): HTMLButtonElement {
    const button = el('button', 'text-button search-more');
    button.type = 'button';
    button.hidden = true;
    button.addEventListener('click', () => {
      this.#focusFrom = this.#hits.length;
      this.#shown += this.#pageSize();
      this.#schedule(0);
    });
    this.#list.after(button);
    return button;
  }

  /** After "더 보기", moves focus to the first result it added (the last one if none came), as the sidebar's "more" does. */
  #focusRevealed(): void {
    if (this.#focusFrom === undefined) return;
    const options = this.#options();
    (options[this.#focusFrom] ?? options.at(-1))?.focus();
    this.#focusFrom = undefined;
  }

  /** Reports a weak search only to a server that logs them (see missLogReceived). */
  async #reportMiss(state: SearchState, result: SearchResult, generation: number): Promise<void> {
    if (isMiss(result.hits.length, result.hits[0]?.score ?? null, result.match) && !(await missLogReceived())) return;
    if (generation === this.#generation) reportMissLater(state.q, toFilters(state), result);
  }

  /**
   * Shows hits. A keystroke renders up to three times (ranked, with snippets at hand, with fetched snippets), mostly
   * the same list: only options whose content changed are replaced and only changed text and attributes are set,
   * since each DOM change costs a style and layout pass of the page (in Chromium that, not the search, dominated
   * the slowest keystrokes).
   */
  #render(hits: ResultHit[], state: SearchState, match: MatchLevel = 'full', total = hits.length): void {
    const s = this.#strings;
    this.#hits = hits;
    this.#active = -1;
    const keys = hits.map((hit) =>
      JSON.stringify([hitHref(hit), hit.document.title, hit.document.project, hit.document.category, hit.section.path, hit.snippet]),
    );
    // A new query's results start at their top: the list (or the dialog around it) was left scrolled by the last one.
    if (state.q !== this.#renderedQuery) {
      this.#renderedQuery = state.q;
      for (let box: Element | null = this.#list; box && box !== document.body; box = box.parentElement) {
        if (box.scrollTop > 0) box.scrollTop = 0;
        if (box instanceof HTMLDialogElement) break;
      }
    }
    const old = [...this.#list.children];
    if (keys.length === this.#shownKeys.length) {
      keys.forEach((key, i) => key !== this.#shownKeys[i] && old[i]?.replaceWith(this.#option(hits[i]!, i)));
    } else {
      this.#list.replaceChildren(...hits.map((hit, i) => (keys[i] === this.#shownKeys[i] && old[i] ? old[i] : this.#option(hit, i))));
    }
    this.#shownKeys = keys;
    this.#list.hidden = hits.length === 0;
    setAttribute(this.#input, 'aria-expanded', String(hits.length > 0));
    this.querySelector('.search-suggest')?.remove();
    const count = Math.max(total, hits.length);
    const status = !state.q.trim()
      ? this.mode === 'page'
        ? s.searchEmpty
        : ''
      : !hits.length
        ? s.searchNoResults(state.q.trim())
        : count > hits.length
          ? s.searchResultsRange(count, 1, hits.length)
          : s.searchResultsCount(count);
    // The search's own verdict: hits that cover only part of the query are shown under a plain warning.
    setText(this.#status, hits.length && match !== 'full' && !this.#composing ? `${s.searchNoExactMatch} ${status}` : status);
    this.#more.hidden = !(hits.length && count > hits.length);
    setText(this.#more, s.searchMore(Math.min(this.#pageSize(), count - hits.length)));
    if (this.dataset['match'] !== (hits.length ? match : 'none')) this.dataset['match'] = hits.length ? match : 'none';
    if (hits.length && this.mode !== 'page') return this.#select(0, false);
    for (const o of this.#options()) setAttribute(o, 'aria-selected', 'false');
    this.#input.removeAttribute('aria-activedescendant');
  }

  #option(hit: ResultHit, i: number): HTMLLIElement {
    const li = el('li');
    li.setAttribute('role', 'none');
    const a = el('a', 'hit');
    a.href = hitHref(hit);
    a.id = `${this.id || 'search'}-hit-${i}`;
    a.setAttribute('role', 'option');
    a.setAttribute('aria-selected', 'false');
    a.tabIndex = -1;
    const head = el('span', 'hit-head');
    head.append(el('span', 'hit-title', hit.document.title));
    if (hit.section.path.length) head.append(el('span', 'hit-section', hit.section.path.join(' › ')));
    const meta = el(
      'span',
      'hit-meta',
      [this.#labels.projects[hit.document.project] ?? hit.document.project, this.#labels.categories[hit.document.category] ?? hit.document.category].join(
        ' · ',
      ),
    );
    const snippet = el('span', 'hit-snippet');
    snippet.append(...toSegments(hit.snippet).map((seg) => (seg.mark ? el('mark', undefined, seg.text) : document.createTextNode(seg.text))));
    a.append(head, snippet, meta);
    li.append(a);
    return li;
  }

  async #suggest(state: SearchState, generation: number): Promise<void> {
    const s = this.#strings;
    const filtered = Boolean(state.project || state.category || state.tag);
    const found: string[] = [];
    for (const q of alternativeQueries(state.q)) if ((await runSearch(q, toFilters(state), 1)).hits.length) found.push(q);
    if (generation !== this.#generation) return;
    const box = el('div', 'search-suggest');
    box.append(el('p', 'search-suggest-title', s.searchTry));
    if (found.length) {
      const p = el('p', undefined, `${s.searchTryWords} `);
      for (const q of found) {
        const b = el('button', 'chip', q);
        b.type = 'button';
        b.addEventListener('click', () => {
          this.#input.value = q;
          this.#input.focus();
          this.#schedule(0);
        });
        p.append(b, ' ');
      }
      box.append(p);
    }
    const tips = el('ul');
    for (const tip of [filtered ? s.searchTipFilters : undefined, s.searchTipSpacing, s.searchTipSynonym, s.searchTipBrowse])
      if (tip) tips.append(el('li', undefined, tip));
    box.append(tips);
    this.#list.after(box);
  }

  #options(): HTMLAnchorElement[] {
    return [...this.#list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  }

  #select(i: number, scroll = true): void {
    const options = this.#options();
    options.forEach((o, k) => setAttribute(o, 'aria-selected', String(k === i)));
    this.#active = i;
    const option = options[i];
    if (option) {
      setAttribute(this.#input, 'aria-activedescendant', option.id);
      if (scroll) option.scrollIntoView({ block: 'nearest' });
    }
  }

  #onKey(e: KeyboardEvent): void {
    const n = this.#hits.length;
    if (!n || e.isComposing) return;
    const moves: Record<string, number> = { ArrowDown: (this.#active + 1) % n, ArrowUp: (this.#active - 1 + n) % n, Home: 0, End: n - 1 };
    const target = moves[e.key];
    if (target === undefined || ((e.key === 'Home' || e.key === 'End') && !e.ctrlKey)) return;
    e.preventDefault();
    this.#select(target);
  }

  async #onSubmit(e: SubmitEvent): Promise<void> {
    e.preventDefault();
    if (this.mode === 'page' && this.#active < 0) return void this.#schedule(0);
    // Enter can come before the debounced search of the last keystroke (or IME commit) has run.
    if (this.#searched !== this.#input.value) {
      clearTimeout(this.#timer);
      await this.#run();
    }
    const option = this.#options()[Math.max(0, this.#active)];
    if (option) location.assign(option.href);
    else if (this.#input.value.trim() && this.#hits.length === 0 && this.mode !== 'page')
      location.assign(this.#form.action + `?${searchParams(this.#state())}`);
  }
}

customElements.define('maru-search', MaruSearch);
