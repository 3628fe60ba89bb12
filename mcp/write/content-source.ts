// The write path's one door into the Node edge: reading the content folder and building it the way
// `npm run build` does. The read-only server never imports this module (test/import-boundaries.test.ts).
export { collectContent } from '../../src/node/collect.ts';
export { buildOptions, emitContext, errorReport, siteConfig } from '../../src/node/wiki-build.ts';
export { withIncludedFiles } from '../../src/node/include-reader.ts';
