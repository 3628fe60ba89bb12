import type { APIRoute, GetStaticPaths } from 'astro';
import { uiContext } from '../../lib/ui/page-data.ts';
import { navFile } from '../../lib/ui/sidebar.ts';
import { getPageKeys } from '../../site/page-keys.ts';
import { getSiteData } from '../../site/wiki.ts';

/** One sidebar file per project: the groups a document page shows only as headings, loaded when a reader opens one. */
export const getStaticPaths = (async () => {
  const [site, keys] = await Promise.all([getSiteData(), getPageKeys(import.meta.env.BASE_URL)]);
  return site.catalog.projects.map((p) => ({ params: { project: p.id }, cacheKey: keys.nav(p.id) }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const ctx = uiContext(await getSiteData(), import.meta.env.BASE_URL);
  return new Response(JSON.stringify(navFile(ctx, params.project!)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
