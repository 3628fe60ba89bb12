import { sinceDay } from '../lib/ui/dates.ts';

/** `<maru-changes>`: shows one project's events and/or only the last N days, hiding days left empty; state in the URL. */
class MaruChanges extends HTMLElement {
  connectedCallback(): void {
    const form = this.querySelector('form')!;
    const field = (name: string) => form.elements.namedItem(name) as HTMLSelectElement;
    const apply = () => {
      const project = field('project').value;
      const since = sinceDay(new Date(), Number(field('since').value));
      for (const day of this.querySelectorAll<HTMLElement>('[data-day]')) {
        let any = false;
        for (const li of day.querySelectorAll<HTMLElement>('li[data-project]')) {
          li.hidden = Boolean(project) && li.dataset['project'] !== project;
          any ||= !li.hidden;
        }
        day.hidden = !any || (since !== '' && (day.dataset['day'] ?? '') < since);
      }
      const params = new URLSearchParams();
      if (project) params.set('project', project);
      if (field('since').value) params.set('since', field('since').value);
      history.replaceState(null, '', `${location.pathname}${params.size ? `?${params}` : ''}`);
    };
    const initial = new URLSearchParams(location.search);
    for (const name of ['project', 'since']) {
      const value = initial.get(name) ?? '';
      if ([...field(name).options].some((o) => o.value === value)) field(name).value = value;
    }
    form.hidden = false;
    form.addEventListener('submit', (e) => e.preventDefault());
    form.addEventListener('change', apply);
    apply();
  }
}

customElements.define('maru-changes', MaruChanges);
