/** Where the chosen theme is remembered; the inline script in the layout reads the same key before paint. */
export const THEME_KEY = 'maru-theme';

/** `<maru-theme-toggle>`: a pressed/unpressed dark-theme button that overrides the system preference and persists. */
class MaruThemeToggle extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector('button')!;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const current = () => document.documentElement.dataset['theme'] ?? (media.matches ? 'dark' : 'light');
    const sync = () => button.setAttribute('aria-pressed', String(current() === 'dark'));
    button.hidden = false;
    sync();
    button.addEventListener('click', () => {
      const next = current() === 'dark' ? 'light' : 'dark';
      document.documentElement.dataset['theme'] = next;
      try {
        localStorage.setItem(THEME_KEY, next);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      sync();
      document.dispatchEvent(new CustomEvent('maru:theme', { detail: next }));
    });
    media.addEventListener('change', sync);
  }
}

customElements.define('maru-theme-toggle', MaruThemeToggle);
