import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The README and the docs/ pages it sends readers to. */
const pages = [
  'README.md',
  ...readdirSync('docs')
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];
const read = (page: string) => readFileSync(page, 'utf8');

/** Every link of a page that points into this repository, as written (`docs/cli.md`, `../README.md#x`). */
function relativeLinks(page: string): string[] {
  return [...read(page).matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z]+:/i.test(target) && !target.startsWith('#'));
}

describe('the README', () => {
  it('gives the two set-up commands within its first 40 lines', () => {
    const lines = read('README.md').split('\n').slice(0, 40);
    const commands = lines.map((line) => line.replace(/\s+#.*$/, '').trim());
    expect(commands).toContain('npm install && npm start');
    expect(commands).toContain('npm test');
    expect(lines.join('\n')).toContain('npm run web');
    expect(lines.join('\n')).toContain('npm run cli -- ');
  });

  it('shows Results as the real app draws them, near the top, from `npm run screenshots`', () => {
    const top = read('README.md').split('\n').slice(0, 12).join('\n');
    expect(top).toMatch(/!\[Results[^\]]*\]\(docs\/images\/results\.png\)/);
    expect(existsSync('docs/images/results.png')).toBe(true);
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.screenshots).toBe('npm run build && tsx tests/screenshots.ts');
    expect(read('tests/screenshots.ts')).toContain('docs/images/results.png');
  });

  it('links every page in docs/', () => {
    const linked = new Set(relativeLinks('README.md').map((target) => path.normalize(target.split('#')[0] ?? '')));
    expect(pages.filter((page) => page !== 'README.md' && !linked.has(path.normalize(page)))).toEqual([]);
  });

  it('and the docs name nothing a reader of this repository cannot see', () => {
    const unseen = /seed 0\d|issues? #\d|team folder|cli-contract\.md/i;
    expect(pages.filter((page) => unseen.test(read(page)))).toEqual([]);
  });

  it('and the docs link only to files that exist', () => {
    const broken = pages.flatMap((page) =>
      relativeLinks(page)
        .map((target) => path.join(path.dirname(page), decodeURI(target.split('#')[0] ?? '')))
        .filter((file) => !existsSync(file))
        .map((file) => `${page} → ${file}`),
    );
    expect(broken).toEqual([]);
    expect(relativeLinks('README.md').length).toBeGreaterThanOrEqual(pages.length - 1);
  });
});
