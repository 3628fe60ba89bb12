import remarkContainers from '../../markdown/remark-containers.ts';
import remarkForeignHtml from '../../markdown/remark-foreign-html.ts';
import type { Dialect } from '../types.ts';
import { vitepressLinks } from './links.ts';
import remarkCodeLangMeta from './remark-code-lang-meta.ts';
import remarkCodeNotation from './remark-code-notation.ts';
import remarkTocMacro from './remark-toc-macro.ts';
import { vitepressHome } from './vitepress-home.ts';

export const vitepress: Dialect = {
  name: 'vitepress',
  label: 'VitePress',
  parsePlugins: (options) => [
    // Vue and MDX components dropped, their Markdown kept.
    { rank: 610, plugin: remarkForeignHtml },
    { rank: 700, plugin: [remarkContainers, { detailsTitle: options.detailsTitle ?? '자세히' }] },
    { rank: 710, plugin: remarkTocMacro },
    { rank: 800, plugin: remarkCodeLangMeta },
    // After the marks moved out of the language: both end up in the meta the site draws.
    { rank: 810, plugin: remarkCodeNotation },
  ],
  frontmatter: { page: vitepressHome },
  links: vitepressLinks,
};
