import { getStrings } from '../lib/ui/strings.ts';

/**
 * A `::: code-group` (a VitePress page's "npm / pnpm / yarn" blocks) becomes tabs named by the blocks' titles, one
 * block shown at a time, as on the site the page came from. Without this script the blocks stand one under another,
 * each with its title, which reads as well; so tabs are made only here, and only where every block can be named.
 */
function makeTabs(group: HTMLElement, groupIndex: number, label: string): void {
  const figures = [...group.children].filter((c): c is HTMLElement => c instanceof HTMLElement && c.matches('figure.code-block'));
  if (figures.length < 2 || group.dataset['tabs'] !== undefined) return;
  const names = figures.map((f) => (f.querySelector('.code-title') ?? f.querySelector('.code-lang'))?.textContent?.trim() ?? '');
  if (names.some((n) => !n)) return;
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', label);
  list.className = 'code-tabs';
  const tabs = figures.map((figure, i) => {
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.className = 'code-tab';
    tab.setAttribute('role', 'tab');
    tab.id = `code-group-${groupIndex}-tab-${i}`;
    figure.id ||= `code-group-${groupIndex}-panel-${i}`;
    tab.setAttribute('aria-controls', figure.id);
    tab.textContent = names[i]!;
    figure.setAttribute('role', 'tabpanel');
    figure.setAttribute('aria-labelledby', tab.id);
    return tab;
  });
  const select = (chosen: number, focus: boolean) => {
    tabs.forEach((tab, i) => {
      tab.setAttribute('aria-selected', String(i === chosen));
      tab.tabIndex = i === chosen ? 0 : -1;
      figures[i]!.hidden = i !== chosen;
    });
    if (focus) tabs[chosen]!.focus();
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(i, false));
    tab.addEventListener('keydown', (e) => {
      const last = tabs.length - 1;
      const to =
        e.key === 'ArrowRight'
          ? i === last
            ? 0
            : i + 1
          : e.key === 'ArrowLeft'
            ? i === 0
              ? last
              : i - 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? last
                : -1;
      if (to < 0) return;
      e.preventDefault();
      select(to, true);
    });
  });
  list.append(...tabs);
  group.prepend(list);
  group.dataset['tabs'] = '';
  select(0, false);
}

function makeAllTabs(): void {
  const label = getStrings(document.documentElement.lang === 'en' ? 'en' : 'ko').codeGroupLabel;
  document.querySelectorAll<HTMLElement>('.prose div.code-group').forEach((group, i) => makeTabs(group, i, label));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', makeAllTabs, { once: true });
else makeAllTabs();
