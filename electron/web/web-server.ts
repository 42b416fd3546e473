import { timingSafeEqual, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sirv from 'sirv';
import { WebSocketServer, type WebSocket } from 'ws';
import { contentSecurityPolicy } from '../../shared/util/csp';
import { WebCall, webBridgePath, webTokenParam, type WebServerMessage } from '../../shared/contract/web-protocol';
import type { Engine } from '../engine';

export interface WebServerOptions {
  engine: Engine;
  /** Folder with the built renderer (index.html and assets). */
  rendererDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Fixed only in tests; normally a fresh random token per launch. */
  token?: string;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

/** Only this machine: the engine can run tests and read files, so it must never listen on the LAN. */
const listenAddress = '127.0.0.1';
const maxMessageBytes = 1024 * 1024;

/**
 * Sent with every response, the error pages too. No other page may put the app in a frame, where
 * it could be dressed up to trick a click (clickjacking): `frame-ancestors` works only as a header,
 * never in the page's meta tag, and X-Frame-Options says the same to browsers that predate it.
 */
const securityHeaders = {
  'Content-Security-Policy': `${contentSecurityPolicy}; frame-ancestors 'none'`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * Browser mode: serves the built renderer on 127.0.0.1 and carries the contract over a
 * WebSocket. Other local programs and web pages can reach 127.0.0.1 too, so the socket
 * needs the per-launch token and the page's own Origin, and HTTP requests need our Host
 * (which stops DNS-rebinding pages).
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const serveStatic = sirv(options.rendererDir, { etag: true });
  let allowedHosts = new Set<string>();

  const server = http.createServer((request, response) => {
    for (const [name, value] of Object.entries(securityHeaders)) response.setHeader(name, value);
    if (!allowedHosts.has(request.headers.host ?? '')) {
      response.writeHead(421, { 'Content-Type': 'text/plain' }).end('Wrong host.');
      return;
    }
    serveStatic(request, response, () => {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.');
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  server.on('upgrade', (request, socket, head) => {
    const refusal = refuseUpgrade(request, allowedHosts, token);
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => bridgeContract(ws, options.engine));
  });

  server.listen(options.port, listenAddress);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  allowedHosts = new Set([`${listenAddress}:${port}`, `localhost:${port}`]);

  return {
    url: `http://${listenAddress}:${port}/#${webTokenParam}=${token}`,
    port,
    token,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Returns the HTTP status line to refuse with, or undefined to accept. */
function refuseUpgrade(request: http.IncomingMessage, allowedHosts: Set<string>, token: string): string | undefined {
  const host = request.headers.host ?? '';
  if (!allowedHosts.has(host)) return '421 Misdirected Request';
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (url.pathname !== webBridgePath) return '404 Not Found';
  const origin = request.headers.origin;
  if (!origin || !allowedHosts.has(originHost(origin))) return '403 Forbidden';
  if (!sameSecret(url.searchParams.get(webTokenParam) ?? '', token)) return '401 Unauthorized';
  return undefined;
}

function originHost(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' ? url.host : '';
  } catch {
    return '';
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bridgeContract(ws: WebSocket, engine: Engine): void {
  const send = (message: WebServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const unsubscribe = engine.onEvent((event, payload) => send({ type: 'event', event, payload }));
  ws.on('close', unsubscribe);
  ws.on('message', (data, isBinary) => {
    const call = isBinary ? undefined : WebCall.safeParse(safeJson(data.toString())).data;
    if (!call) return; // Not a call: nothing to answer, since there is no id to answer to.
    void engine.dispatch(call.method, call.input).then((result) => send({ type: 'result', id: call.id, result }));
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
