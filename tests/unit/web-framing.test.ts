import { mkdir, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../electron/engine';
import { startWebServer, type WebServer } from '../../electron/web/web-server';
import { contentSecurityPolicy } from '../../shared/util/csp';
import { tempDir } from './helpers';

let engine: Engine;
let server: WebServer;

beforeAll(async () => {
  const rendererDir = await tempDir('framing-renderer');
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>NASBench</title>');
  await mkdir(path.join(rendererDir, 'assets'));
  await writeFile(path.join(rendererDir, 'assets', 'index.js'), 'export {};');
  engine = createEngine({ dataDir: await tempDir('framing'), mode: 'web' });
  server = await startWebServer({ engine, rendererDir, port: 0 });
});

afterAll(async () => {
  await server.close();
  await engine.shutdown();
});

/** One real HTTP request to the browser-mode server; the body is drained. */
function get(pathname: string, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port: server.port, path: pathname, headers }, (response) => {
        response.resume();
        resolve(response);
      })
      .on('error', reject),
  );
}

describe('browser mode cannot be framed by another page', () => {
  const ownHost = () => ({ host: `127.0.0.1:${server.port}` });

  it.each([
    ['the page', '/', () => ownHost(), 200],
    ['the page by name', '/index.html', () => ownHost(), 200],
    ['a script', '/assets/index.js', () => ownHost(), 200],
    ['a missing file', '/nothing-here.js', () => ownHost(), 404],
    ['a foreign Host (DNS rebinding)', '/', () => ({ host: `attacker.example:${server.port}` }), 421],
  ])('%s: frame-ancestors none and X-Frame-Options DENY', async (_what, pathname, headers, status) => {
    const response = await get(pathname, headers());
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-security-policy']).toBe(`${contentSecurityPolicy}; frame-ancestors 'none'`);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('says so on a "not modified" answer too', async () => {
    const first = await get('/', ownHost());
    const etag = first.headers.etag ?? '';
    expect(etag).not.toBe('');
    const again = await get('/', { ...ownHost(), 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toMatch(/frame-ancestors 'none'$/);
    expect(again.headers['x-frame-options']).toBe('DENY');
  });
});
