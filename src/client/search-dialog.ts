import type { MaruSearch } from './search.ts';

/** True when a key press belongs to a text field, so `/` must type a slash there. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** True for a search box of the site with nothing typed in it yet. */
function isEmptySearchBox(target: EventTarget | null): boolean {
  return target instanceof HTMLInputElement && target.name === 'q' && target.closest('maru-search') !== null && target.value === '';
}

/** `<maru-search-dialog>`: a modal search opened by `[data-open-search-link]` (links to the search page without JS), `/` and Ctrl/⌘-K. */
class MaruSearchDialog extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector('dialog')!;
    const open = () => {
      if (!dialog.open) dialog.showModal();
      this.querySelector<MaruSearch>('maru-search')?.focusInput();
    };
    document.querySelectorAll('[data-open-search-link]').forEach((b) =>
      b.addEventListener('click', (e) => {
        e.preventDefault();
        open();
      }),
    );
    document.addEventListener('keydown', (e) => {
      if ((e.key === 'k' || e.key === 'K') && (e.metaKey || e.ctrlKey)) {
        e.preventDefault();
        open();
      } else if (e.key === '/' && !e.metaKey && !e.ctrlKey && !e.altKey) {
        // The shortcut pressed in an empty search box already focused (the home page's autofocus) means "search here", not a slash.
        if (isEmptySearchBox(e.target)) return e.preventDefault();
        if (isTyping(e.target)) return;
        e.preventDefault();
        open();
      }
    });
    dialog.addEventListener('click', (e) => e.target === dialog && dialog.close());
    // Chrome spends the first Escape in a search field on clearing it; Escape should close the dialog at once.
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !e.isComposing) {
        e.preventDefault();
        dialog.close();
      }
    });
    this.querySelector('[data-close-search]')?.addEventListener('click', () => dialog.close());
    // Tests wait for this instead of sleeping: the shortcuts work from here on.
    this.dataset['ready'] = '';
  }
}

customElements.define('maru-search-dialog', MaruSearchDialog);
