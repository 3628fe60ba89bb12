import { describe, expect, it } from 'vitest';
import { configText, fillTemplate, planInit, type InitInput } from './init-plan.ts';

/** Templates that name what they were filled with, so the test sees each substitution. */
const template = (name: string) => `${name}: {{title}} {{content}} {{name}}`;

function input(edit: Partial<InitInput> = {}): InitInput {
  return { name: 'Acme Docs', lang: 'ko', version: '3.1.0', template, exists: () => false, packageJson: undefined, ...edit };
}

describe('planInit', () => {
  it('an empty folder gets the config, two starter pages, the workflow, .mcp.json, .gitignore and a package.json', () => {
    const plan = planInit(input());
    expect(plan.files.map((f) => f.path)).toEqual([
      'maru.config.ts',
      'content/index.md',
      'content/guide/writing.md',
      '.github/workflows/wiki.yml',
      '.mcp.json',
      '.gitignore',
      'package.json',
    ]);
    expect(plan.files.find((f) => f.path === '.github/workflows/wiki.yml')!.text).toBe('.github/workflows/wiki.yml: "Acme Docs" content acme-docs');
    expect(JSON.parse(plan.files.find((f) => f.path === 'package.json')!.text)).toEqual({
      name: 'acme-docs',
      private: true,
      type: 'module',
      scripts: { dev: 'maru dev', build: 'maru build', check: 'maru check', start: 'maru start' },
      devDependencies: { maru: '^3.1.0' },
    });
    expect(plan.kept).toEqual([]);
  });

  it('a folder with Markdown is adopted: no starter pages, the config points at it and names no title or description', () => {
    const plan = planInit(input({ adopt: 'docs' }));
    expect(plan.files.map((f) => f.path)).not.toContain('content/index.md');
    expect(plan.files[0]!.text).toContain("  content: 'docs',\n");
    expect(plan.files[0]!.text).not.toContain('description');
    // The folder's README.md or index.md titles the site then, not the folder's name.
    expect(plan.files[0]!.text).not.toMatch(/^ {2}title:/m);
    expect(planInit(input({ adopt: 'docs', title: 'Handbook' })).files[0]!.text).toContain("  title: 'Handbook',\n");
  });

  it('keeps every file that exists, adds only the missing scripts, and writes a .mts config for a CommonJS package.json', () => {
    const existing = new Set(['.gitignore', 'content/index.md']);
    const pkg = JSON.stringify({ name: 'x', type: 'commonjs', scripts: { build: 'make' }, dependencies: { maru: '^3.0.0' } });
    const plan = planInit(input({ exists: (p) => existing.has(p), packageJson: pkg }));
    expect(plan.kept).toEqual(['content/index.md', '.gitignore']);
    expect(plan.files.map((f) => f.path)).toEqual(['maru.config.mts', 'content/guide/writing.md', '.github/workflows/wiki.yml', '.mcp.json', 'package.json']);
    expect(JSON.parse(plan.files.at(-1)!.text)).toEqual({
      name: 'x',
      type: 'commonjs',
      scripts: { build: 'make', dev: 'maru dev', check: 'maru check', start: 'maru start' },
      dependencies: { maru: '^3.0.0' },
    });
  });

  it('an existing config of another extension is kept, and a complete package.json is left alone', () => {
    const pkg = JSON.stringify({ type: 'module', scripts: { dev: 'a', build: 'b', check: 'c', start: 'd' }, devDependencies: { maru: '1' } });
    const plan = planInit(input({ exists: (p) => p === 'maru.config.js', packageJson: pkg }));
    expect(plan.kept).toEqual(['maru.config.js', 'package.json']);
  });

  it('a package.json that is not JSON stops init with the fix', () => {
    expect(() => planInit(input({ packageJson: '{' }))).toThrow(/^package\.json: not valid JSON \(.*\); fix it or move it away, then run maru init again\.$/);
  });
});

describe('templates', () => {
  it('fills every {{key}} and refuses an unknown one', () => {
    expect(fillTemplate('a {{x}} b {{x}}', { x: '1' })).toBe('a 1 b 1');
    expect(() => fillTemplate('{{y}}', {})).toThrow('template: no value for {{y}}');
  });

  it('quotes the title in the config so any text is a valid string', () => {
    expect(configText({ title: "Bob's\nwiki", lang: 'en', content: '.' })).toContain("  title: 'Bob\\'s\\nwiki',\n");
  });
});
