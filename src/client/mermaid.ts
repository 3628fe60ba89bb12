import type MermaidApi from 'mermaid';
import { getStrings } from '../lib/ui/strings.ts';

/** Where the site serves mermaid's own prebuilt modules (src/node/mermaid-asset.ts), from the base; set by the maru integration. */
declare const __MARU_MERMAID_MODULE__: string;

/** Renders ```mermaid blocks as SVG diagrams; mermaid itself loads only on pages that have one. */
const blocks = [...document.querySelectorAll<HTMLElement>('pre > code.language-mermaid')];

function theme(): 'dark' | 'default' {
  const explicit = document.documentElement.dataset['theme'];
  const dark = explicit ? explicit === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  return dark ? 'dark' : 'default';
}

async function render(): Promise<void> {
  // Not bundled: Vite would spend seconds of every build re-bundling what the package ships minified already.
  let mermaid: typeof MermaidApi;
  try {
    ({ default: mermaid } = (await import(/* @vite-ignore */ __MARU_MERMAID_MODULE__)) as { default: typeof MermaidApi });
  } catch (error) {
    // Offline or blocked: the sources, hidden while loading, are shown instead.
    console.error('mermaid:', error);
    for (const code of blocks) code.parentElement!.classList.add('mermaid-failed');
    return;
  }
  mermaid.initialize({ startOnLoad: false, theme: theme(), securityLevel: 'strict', fontFamily: 'inherit' });
  for (const [i, code] of blocks.entries()) {
    const pre = code.parentElement!;
    const source = code.dataset['source'] ?? code.textContent ?? '';
    code.dataset['source'] = source;
    try {
      const { svg } = await mermaid.render(`maru-mermaid-${i}-${Date.now()}`, source);
      let figure = pre.nextElementSibling?.classList.contains('mermaid-diagram') ? (pre.nextElementSibling as HTMLElement) : undefined;
      if (!figure) {
        figure = document.createElement('figure');
        figure.className = 'mermaid-diagram';
        // The box scrolls sideways: keyboard users must be able to reach it (axe: scrollable-region-focusable).
        figure.tabIndex = 0;
        figure.setAttribute('role', 'group');
        figure.setAttribute('aria-label', getStrings(document.documentElement.lang === 'en' ? 'en' : 'ko').diagramLabel);
        pre.after(figure);
      }
      figure.innerHTML = svg;
      naturalSize(figure.querySelector('svg'));
      pre.hidden = true;
    } catch (error) {
      console.error('mermaid:', error);
      pre.classList.add('mermaid-failed');
    }
  }
}

/** Mermaid scales a diagram down to the column (a wide flowchart becomes unreadable on a phone); show it at its own size. */
function naturalSize(svg: SVGSVGElement | null): void {
  const width = svg?.viewBox.baseVal?.width;
  if (!svg || !width) return;
  svg.style.maxWidth = 'none';
  svg.style.width = `${Math.ceil(width)}px`;
  svg.removeAttribute('width');
}

/** Starts mermaid (a large script) only once a diagram comes near the screen, so reading the top of a page stays fast. */
function whenNear(start: () => void): void {
  if (!('IntersectionObserver' in window)) return start();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: '200px 0px' },
  );
  for (const code of blocks) observer.observe(code.parentElement!);
}

if (blocks.length) {
  let started = false;
  whenNear(() => {
    started = true;
    void render();
  });
  document.addEventListener('maru:theme', () => started && void render());
}
