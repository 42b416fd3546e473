import { mkdir, realpath, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from './helpers';

/**
 * The desktop app serves its page from app://nasbench/ out of the built renderer folder. Which file
 * an address reaches is decided by app-protocol.ts's own code, run here on real files: the folder,
 * a secret beside it, and a link inside it that leads out.
 */
const handlers: ((request: Request) => Promise<Response>)[] = [];
vi.mock('electron', () => ({
  protocol: { handle: (_scheme: string, handler: (request: Request) => Promise<Response>) => handlers.push(handler) },
  // Electron's own fetch of a file: URL; here Node's file reading stands in for it.
  net: {
    fetch: async (url: string) => {
      const { readFile } = await import('node:fs/promises');
      return new Response(await readFile(new URL(url)));
    },
  },
}));
const { rendererFileOf, serveRenderer } = await import('../../electron/main/app-protocol');

let renderer = '';
beforeAll(async () => {
  const top = await tempDir('app-protocol');
  renderer = path.join(top, 'renderer');
  await mkdir(path.join(renderer, 'assets'), { recursive: true });
  await writeFile(path.join(renderer, 'index.html'), '<!doctype html><title>NASBench</title>');
  await writeFile(path.join(renderer, 'assets', 'app.js'), 'export {}');
  await writeFile(path.join(top, 'secret.txt'), 'not for the page');
  await mkdir(path.join(top, 'outside'));
  await writeFile(path.join(top, 'outside', 'secret.txt'), 'not for the page either');
  await symlink(path.join(top, 'outside'), path.join(renderer, 'link'));
  renderer = await realpath(renderer);
});

describe('app:// reaches the built renderer and nothing else', () => {
  it('serves the page and its assets', async () => {
    expect(await rendererFileOf(renderer, 'app://nasbench/')).toBe(path.join(renderer, 'index.html'));
    expect(await rendererFileOf(renderer, 'app://nasbench/assets/app.js')).toBe(
      path.join(renderer, 'assets', 'app.js'),
    );
  });

  it.each([
    ['.. in the path', 'app://nasbench/../secret.txt'],
    ['%2e%2e', 'app://nasbench/%2e%2e/secret.txt'],
    ['%2E%2E with an encoded slash', 'app://nasbench/%2E%2E%2fsecret.txt'],
    ['.. behind an encoded slash', 'app://nasbench/assets/..%2f..%2fsecret.txt'],
    ['a backslash', 'app://nasbench/..%5csecret.txt'],
    ['a plain backslash', 'app://nasbench/assets\\..\\..\\secret.txt'],
    ['an absolute path', 'app://nasbench//etc/passwd'],
    ['an encoded absolute path', 'app://nasbench/%2fetc%2fpasswd'],
    ['a link leading out of the folder', 'app://nasbench/link/secret.txt'],
    ['another host', 'app://elsewhere/index.html'],
    ['a NUL byte', 'app://nasbench/index.html%00.js'],
    ['a broken escape', 'app://nasbench/%E0%A4%A'],
  ])('refuses %s', async (_what, address) => {
    expect(await rendererFileOf(renderer, address)).toBeNull();
  });

  it('answers through the registered handler: the page with its CSP, 404 for a way out', async () => {
    serveRenderer(renderer);
    const handler = handlers.at(-1);
    if (!handler) throw new Error('serveRenderer registered no handler');
    const page = await handler(new Request('app://nasbench/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await page.text()).toContain('<title>NASBench</title>');
    for (const address of ['app://nasbench/%2e%2e/secret.txt', 'app://nasbench/link/secret.txt']) {
      const refused = await handler(new Request(address));
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('not for the page');
    }
  });
});
