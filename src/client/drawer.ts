/**
 * `<maru-drawer>`: the navigation drawer opened by the header's menu button (shown below the sidebar breakpoint).
 * A modal `<dialog>` keeps focus inside and closes on Escape natively; focus returns to the menu button.
 * `data-ready` is set once the handlers are attached, so tests (and nothing else) can wait for it.
 */
class MaruDrawer extends HTMLElement {
  connectedCallback(): void {
    const dialog = this.querySelector('dialog')!;
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-open-drawer]')];
    const open = () => {
      dialog.showModal();
      buttons.forEach((b) => b.setAttribute('aria-expanded', 'true'));
      const current = dialog.querySelector<HTMLElement>('[aria-current="page"]');
      current?.scrollIntoView({ block: 'center' });
      (current ?? dialog.querySelector<HTMLElement>('[data-close-drawer]'))?.focus();
    };
    dialog.addEventListener('close', () => buttons.forEach((b) => b.setAttribute('aria-expanded', 'false')));
    // A click on the backdrop lands on the dialog element itself.
    dialog.addEventListener('click', (e) => e.target === dialog && dialog.close());
    dialog.querySelector('[data-close-drawer]')?.addEventListener('click', () => dialog.close());
    for (const b of buttons) {
      b.addEventListener('click', open);
      b.hidden = false;
    }
    this.dataset['ready'] = '';
  }
}

customElements.define('maru-drawer', MaruDrawer);
