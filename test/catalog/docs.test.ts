/**
 * The committed tool reference (docs/tools/) is what `npm run docs` writes from the registry: a tool
 * added, removed or changed without regenerating it fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REGISTRY } from '../../functions/all-tools';
import { answerBlock, toolReferenceFiles } from '../../functions/catalog/tool-reference';
import { readExampleAnswers } from '../../functions/catalog/example-answers';

const DIR = join(__dirname, '..', '..', 'docs', 'tools');

describe('Tool reference (docs/tools/)', () => {
  const files = toolReferenceFiles(REGISTRY);

  it('is current: every page as npm run docs writes it, and no other page', () => {
    const committed = existsSync(DIR) ? readdirSync(DIR).filter((name) => name.endsWith('.md')) : [];
    expect(committed.sort()).toEqual([...files.keys()].sort());
    const stale = [...files].filter(([name, text]) => readFileSync(join(DIR, name), 'utf8') !== text).map(([name]) => name);
    expect({ stale, hint: stale.length ? 'run npm run docs and commit the diff' : undefined }).toEqual({ stale: [], hint: undefined });
  });

  it('documents every tool once, with an example call, on its platform page (gateway.md for cross-platform tools)', () => {
    for (const tool of REGISTRY.all()) {
      const page = files.get(`${tool.platform ?? 'gateway'}.md`) ?? '';
      const section = page.split('\n## ').find((part) => part.startsWith(`${tool.name}\n`)) ?? '';
      expect({ tool: tool.name, example: section.includes(`$BASE/api/v1/tools/${tool.name}/execute`) }).toEqual({ tool: tool.name, example: true });
    }
    expect([...files.values()].join('').match(/\n## /g)?.length).toBe(REGISTRY.all().length);
  });

  it("shows each example call's answer as test/e2e/examples.test.ts recorded it (catalog/example-answers.json)", () => {
    const answers = readExampleAnswers();
    const missing = REGISTRY.all()
      .map((tool) => tool.name)
      .filter((name) => !answers[name]);
    expect({ missing }).toEqual({ missing: [] });
    for (const tool of REGISTRY.all()) {
      const page = files.get(`${tool.platform ?? 'gateway'}.md`) ?? '';
      const section = page.split('\n## ').find((part) => part.startsWith(`${tool.name}\n`)) ?? '';
      const answer = section.slice(section.indexOf('**Answer**'));
      expect({ tool: tool.name, shown: section.includes('**Answer**') && answer.includes(answerBlock(answers[tool.name]!).join('\n')) }).toEqual({
        tool: tool.name,
        shown: true,
      });
    }
  });
});
