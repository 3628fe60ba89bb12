import type MermaidApi from 'mermaid';
import { getStrings } from '../lib/ui/strings.ts';
import { joinUrl } from '../lib/wiki/url.ts';
import { siteBase } from './site-base.ts';

/** Where the site serves mermaid's own prebuilt modules (src/node/mermaid-asset.ts), under the base; set when the client is bundled. */
declare const __MARU_MERMAID_MODULE__: string;

/** Renders ```mermaid blocks as SVG diagrams; mermaid itself loads only on pages that have one, when one comes near. */
const blocks = [...document.querySelectorAll<HTMLElement>('pre > code.language-mermaid')];
/** The blocks drawn so far (drawn again when the theme changes). */
const drawn: HTMLElement[] = [];
let mermaidModule: Promise<typeof MermaidApi | undefined> | undefined;

function theme(): 'dark' | 'default' {
  const explicit = document.documentElement.dataset['theme'];
  const dark = explicit ? explicit === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  return dark ? 'dark' : 'default';
}

function initialize(mermaid: typeof MermaidApi): void {
  mermaid.initialize({ startOnLoad: false, theme: theme(), securityLevel: 'strict', fontFamily: 'inherit' });
}

/** Mermaid, loaded once; undefined when it cannot load (offline or blocked: the sources, hidden while loading, are shown). */
function loadMermaid(): Promise<typeof MermaidApi | undefined> {
  // Not bundled: Vite would spend seconds of every build re-bundling what the package ships minified already.
  mermaidModule ??= (import(/* @vite-ignore */ joinUrl(siteBase, __MARU_MERMAID_MODULE__)) as Promise<{ default: typeof MermaidApi }>).then(
    ({ default: mermaid }) => (initialize(mermaid), mermaid),
    (error: unknown) => {
      console.error('mermaid:', error);
      for (const code of blocks) code.parentElement!.classList.add('mermaid-failed');
      return undefined;
    },
  );
  return mermaidModule;
}

async function draw(codes: readonly HTMLElement[]): Promise<void> {
  const mermaid = await loadMermaid();
  if (!mermaid) return;
  for (const code of codes) {
    // Each diagram is a long task of its own: between them the page answers input and paints.
    await nextTask();
    const pre = code.parentElement!;
    const source = code.dataset['source'] ?? code.textContent ?? '';
    code.dataset['source'] = source;
    try {
      const { svg } = await mermaid.render(`maru-mermaid-${blocks.indexOf(code)}-${Date.now()}`, source);
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

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `start` once the page has loaded and the browser is idle: mermaid's load and each drawing are long tasks
 * (hundreds of ms on a phone), which would otherwise hold up the page's first paint and first input.
 */
function whenIdle(start: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => start(), { timeout: 2000 }) : setTimeout(start, 0));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Draws each diagram once it comes near the screen: a diagram far down the page costs nothing until the reader gets there. */
function drawWhenNear(): void {
  const later = (codes: HTMLElement[]) => {
    drawn.push(...codes);
    whenIdle(() => void draw(codes));
  };
  if (!('IntersectionObserver' in window)) return later(blocks);
  const observer = new IntersectionObserver(
    (entries) => {
      const near = entries.filter((e) => e.isIntersecting).map((e) => e.target.querySelector<HTMLElement>('code')!);
      for (const code of near) observer.unobserve(code.parentElement!);
      if (near.length) later(near);
    },
    { rootMargin: '200px 0px' },
  );
  for (const code of blocks) observer.observe(code.parentElement!);
}

if (blocks.length) {
  drawWhenNear();
  document.addEventListener('maru:theme', () => {
    if (!mermaidModule || !drawn.length) return;
    void loadMermaid().then((mermaid) => mermaid && (initialize(mermaid), draw(drawn)));
  });
}
