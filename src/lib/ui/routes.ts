import { docPath, joinUrl, type Href } from '../wiki/url.ts';
import { tagSegment } from './tag-segment.ts';

const seg = (s: string) => encodeURIComponent(s);

/** Every page address of the site, under one base path. */
export interface Routes {
  home: Href;
  doc: (id: string) => Href;
  project: (id: string) => Href;
  category: (id: string) => Href;
  tag: (tag: string) => Href;
  tags: Href;
  /** Index of every project. */
  projects: Href;
  /** Index of every category. */
  categories: Href;
  changes: Href;
  search: (query?: string) => Href;
  /** A file under the base, e.g. `_wiki/docs/a.md`. */
  file: (path: string) => Href;
}

/** Builds the routes of a site served under `base`. */
export function routesFor(base: string): Routes {
  return {
    home: joinUrl(base, ''),
    doc: (id) => joinUrl(base, docPath(id)),
    project: (id) => joinUrl(base, `projects/${seg(id)}/`),
    category: (id) => joinUrl(base, `categories/${seg(id)}/`),
    tag: (tag) => joinUrl(base, `tags/${seg(tagSegment(tag))}/`),
    tags: joinUrl(base, 'tags/'),
    projects: joinUrl(base, 'projects/'),
    categories: joinUrl(base, 'categories/'),
    changes: joinUrl(base, 'changes/'),
    search: (query) => joinUrl(base, query ? `search/?q=${encodeURIComponent(query)}` : 'search/'),
    file: (path) => joinUrl(base, path.split('/').map(seg).join('/')),
  };
}
