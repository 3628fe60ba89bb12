/** Renders ```mermaid blocks as SVG diagrams; mermaid itself loads only on pages that have one. */
const blocks = [...document.querySelectorAll<HTMLElement>('pre > code.language-mermaid')];

function theme(): 'dark' | 'default' {
  const explicit = document.documentElement.dataset['theme'];
  const dark = explicit ? explicit === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  return dark ? 'dark' : 'default';
}

async function render(): Promise<void> {
  const { default: mermaid } = await import('mermaid');
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
        pre.after(figure);
      }
      figure.innerHTML = svg;
      pre.hidden = true;
    } catch (error) {
      console.error('mermaid:', error);
      pre.classList.add('mermaid-failed');
    }
  }
}

if (blocks.length) {
  void render();
  document.addEventListener('maru:theme', () => void render());
}
