import * as z from 'zod';
import { day, ok, READ_ONLY, type ToolDeps } from './common.ts';
import type { McpServer } from '@modelcontextprotocol/server';

const ProjectSchema = z.object({
  id: z.string().describe('Project name; pass it as `project` to other tools.'),
  documentCount: z.number().int(),
  categories: z.record(z.string(), z.number().int()).describe('Document count per category.'),
  updatedAt: z.string().describe('Newest document update in the project, ISO 8601.'),
});

export const ListProjectsOutputSchema = z.object({
  projects: z.array(ProjectSchema),
  build: z.object({ buildId: z.string(), generatedAt: z.string(), documentCount: z.number().int() }),
});

/** Registers `list_projects`: the wiki's projects, so the model knows which filters exist. */
export function registerListProjectsTool(server: McpServer, deps: ToolDeps): void {
  server.registerTool(
    'list_projects',
    {
      title: 'List wiki projects',
      description:
        'Lists the projects of the team wiki with their document counts, categories and last update. Call it first to learn which project and category names exist for filtering the other tools.',
      inputSchema: z.object({}),
      outputSchema: ListProjectsOutputSchema,
      annotations: READ_ONLY,
    },
    async () => {
      const set = deps.artifacts();
      const projects = set.catalog.projects.map((p) => ({ id: p.id, documentCount: p.count, categories: p.categories, updatedAt: p.updatedAt }));
      const m = set.manifest;
      const lines = projects.map((p) => {
        const cats = Object.entries(p.categories)
          .map(([c, n]) => `${c} ${n}`)
          .join(', ');
        return `- ${p.id}: ${p.documentCount} documents (${cats}), updated ${day(p.updatedAt)}`;
      });
      const text = `${projects.length} projects, ${m.documentCount} documents (build ${m.buildId}, ${day(m.generatedAt)}):\n${lines.join('\n')}`;
      return ok({ projects, build: { buildId: m.buildId, generatedAt: m.generatedAt, documentCount: m.documentCount } }, text);
    },
  );
}
