// npm run generate:corpus -- --count 1000 --out .tmp/corpus-1000 [--seed 1]: a realistic, deterministic wiki corpus.
import { parseArgs } from 'node:util';
import { materialFromSharedCorpora } from './lib/material.ts';
import { writeCorpus } from './lib/generate-corpus.ts';

const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' }, out: { type: 'string' }, seed: { type: 'string', default: '1' } } });
const out = values.out ?? `.tmp/corpus-${values.count}`;
writeCorpus(out, Number(values.count), materialFromSharedCorpora(), Number(values.seed));
console.log(`${values.count} documents written to ${out}`);
