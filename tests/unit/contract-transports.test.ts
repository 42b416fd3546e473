import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createEngine, type Engine } from '../../electron/engine';
import { startWebServer, type WebServer } from '../../electron/web/web-server';
import { ipcChannel, methodNames, methods, type MethodName } from '../../shared/contract/index';
import type { Result } from '../../shared/contract/errors';
import { contentSecurityPolicy } from '../../shared/util/csp';
import { electronMock } from './electron-mock';
import { invalidInputFor, tempDir } from './helpers';

vi.mock('electron', () => electronMock);
const { registerIpcHandlers, trustedOrigins } = await import('../../electron/main/ipc');

type Handler = (event: { senderFrame?: { url: string } }, input: unknown) => Promise<Result<unknown>>;

let engine: Engine;
let server: WebServer;

beforeAll(async () => {
  const dataDir = await tempDir('transports');
  const rendererDir = await tempDir('renderer');
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>NASBench</title>');
  engine = createEngine({ dataDir, mode: 'web' });
  server = await startWebServer({ engine, rendererDir, port: 0 });
});

afterAll(async () => {
  await server.close();
  await engine.shutdown();
});

function connect(options: { token?: string; origin?: string; path?: string } = {}): WebSocket {
  const token = options.token ?? server.token;
  const url = `ws://127.0.0.1:${server.port}${options.path ?? '/bridge'}?token=${encodeURIComponent(token)}`;
  const origin = options.origin ?? `http://127.0.0.1:${server.port}`;
  return new WebSocket(url, { headers: origin ? { origin } : {} });
}

/** Resolves with the HTTP status of a refused upgrade, or 101 when the socket opened. */
function upgradeStatus(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

async function callOverSocket(ws: WebSocket, method: string, input: unknown, id: number): Promise<Result<unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: number; result?: Result<unknown> };
      if (message.type === 'result' && message.id === id && message.result) {
        ws.off('message', onMessage);
        resolve(message.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ type: 'call', id, method, input }));
  });
}

describe('Electron IPC handlers generated from the contract', () => {
  const registered = new Map<string, Handler>();
  const appFrame = { senderFrame: { url: 'app://nasbench/index.html' } };

  beforeAll(() => {
    registerIpcHandlers(engine.dispatch, trustedOrigins(undefined), {
      handle: (channel: string, handler: Handler) => registered.set(channel, handler),
    } as never);
  });

  it('registers one handler per method and nothing else', () => {
    expect([...registered.keys()].sort()).toEqual(methodNames.map(ipcChannel.method).sort());
  });

  it.each(methodNames)('%s refuses input that fails its schema with INVALID_INPUT', async (name: MethodName) => {
    const result = await registered.get(ipcChannel.method(name))?.(appFrame, invalidInputFor(methods[name].input));
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('refuses calls from a frame that is not the app page', async () => {
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://other/index.html', 'not a url']) {
      const result = await registered.get(ipcChannel.method('getAppInfo'))?.({ senderFrame: { url } }, undefined);
      expect(result, url).toMatchObject({ ok: false, error: { code: 'PERMISSION_DENIED' } });
    }
    expect(await registered.get(ipcChannel.method('getAppInfo'))?.({}, undefined)).toMatchObject({ ok: false });
    expect(await registered.get(ipcChannel.method('getAppInfo'))?.(appFrame, undefined)).toMatchObject({ ok: true });
  });
});

describe('browser-mode WebSocket bridge', () => {
  it('refuses a connection without the right token', async () => {
    expect(await upgradeStatus(connect({ token: '' }))).toBe(401);
    expect(await upgradeStatus(connect({ token: `${server.token}x` }))).toBe(401);
    expect(await upgradeStatus(connect({ token: 'A'.repeat(server.token.length) }))).toBe(401);
  });

  it('refuses a connection from another origin, or with none', async () => {
    expect(await upgradeStatus(connect({ origin: 'http://evil.example' }))).toBe(403);
    expect(await upgradeStatus(connect({ origin: `http://127.0.0.1:${server.port + 1}` }))).toBe(403);
    expect(await upgradeStatus(connect({ origin: `https://127.0.0.1:${server.port}` }))).toBe(403);
    expect(await upgradeStatus(connect({ origin: '' }))).toBe(403);
  });

  it('accepts the app page with the token, and answers calls', async () => {
    const ws = connect();
    await new Promise((resolve) => ws.once('open', resolve));
    const info = await callOverSocket(ws, 'getAppInfo', undefined, 1);
    expect(info).toMatchObject({ ok: true, data: { name: 'NASBench', mode: 'web' } });
    ws.close();
  });

  it.each(methodNames)('%s refuses input that fails its schema with INVALID_INPUT', async (name: MethodName) => {
    const ws = connect();
    await new Promise((resolve) => ws.once('open', resolve));
    const result = await callOverSocket(ws, name, invalidInputFor(methods[name].input), 7);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    ws.close();
  });

  it('answers an unknown method with INVALID_INPUT', async () => {
    const ws = connect();
    await new Promise((resolve) => ws.once('open', resolve));
    expect(await callOverSocket(ws, 'constructor', undefined, 3)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_INPUT' },
    });
    ws.close();
  });

  it('serves the page with the CSP and refuses a foreign Host header (DNS rebinding)', async () => {
    const get = (host: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get({ host: '127.0.0.1', port: server.port, path: '/', headers: { host } }, resolve).on('error', reject),
      );
    const page = await get(`127.0.0.1:${server.port}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(`${contentSecurityPolicy}; frame-ancestors 'none'`);
    page.resume();
    const rebound = await get(`attacker.example:${server.port}`);
    expect(rebound.statusCode).toBe(421);
    rebound.resume();
  });
});
