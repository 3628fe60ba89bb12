import { getStrings } from '../lib/ui/strings.ts';
import { copy } from './clipboard.ts';

/** How long "복사됨" stays on the button. */
const FEEDBACK_MS = 2000;

/** Adds a copy button to the head of every code block (buttons come with JavaScript, so none is ever dead). */
function addCopyButtons(): void {
  const s = getStrings(document.documentElement.lang === 'en' ? 'en' : 'ko');
  for (const figure of document.querySelectorAll<HTMLElement>('figure.code-block')) {
    const head = figure.querySelector('.code-head');
    const code = figure.querySelector('pre code') ?? figure.querySelector('pre');
    if (!head || !code || head.querySelector('.code-copy')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = s.codeCopy;
    button.title = s.codeCopyLabel;
    const status = document.createElement('span');
    status.className = 'sr-only';
    status.setAttribute('role', 'status');
    let timer: ReturnType<typeof setTimeout> | undefined;
    button.addEventListener('click', () => {
      copy(code.textContent ?? '').then(
        () => {
          button.textContent = s.codeCopied;
          button.dataset['copied'] = '';
          status.textContent = s.codeCopied;
        },
        () => (status.textContent = button.textContent = s.codeCopyFailed),
      );
      clearTimeout(timer);
      timer = setTimeout(() => {
        button.textContent = s.codeCopy;
        delete button.dataset['copied'];
        status.textContent = '';
      }, FEEDBACK_MS);
    });
    head.append(button, status);
  }
  document.documentElement.dataset['codeReady'] = '';
}

addCopyButtons();
