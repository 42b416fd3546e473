import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createEngine, defaultDataDir, ensureDataDir } from '../engine';
import { startWebServer } from './web-server';

/** `npm run web`: the desktop app's UI in a browser, backed by the same engine on 127.0.0.1. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'Usage: npm run web -- [--port P] [--data-dir DIR]\n' +
        'Serves NASBench on http://127.0.0.1 (a free port unless --port is given) and prints the address to open.\n',
    );
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port must be a number from 0 to 65535 (0 picks a free port), not "${values.port}".\n`);
    process.exitCode = 2;
    return;
  }
  const rendererDir = findRendererDir();
  if (!rendererDir) {
    process.stderr.write(
      'The app has not been built yet. Run `npm run build` (or use `npm run web`, which builds first).\n',
    );
    process.exitCode = 1;
    return;
  }
  const dataDir = await ensureDataDir(values['data-dir'] ?? defaultDataDir());
  const engine = createEngine({ dataDir, mode: 'web' });
  const server = await startWebServer({ engine, rendererDir, port });
  process.stdout.write(`NASBench is running in browser mode.\nOpen this address in your browser: ${server.url}\n`);
  process.stdout.write('The address holds a one-time key: keep it to yourself. Press Ctrl+C to stop.\n');

  const stop = () => {
    void engine
      .shutdown()
      .then(() => server.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** From source (tsx) the build is in ../../out/renderer; in the built package it sits beside main/. */
function findRendererDir(): string | undefined {
  const candidates = [path.resolve(__dirname, '../renderer'), path.resolve(__dirname, '../../out/renderer')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html')));
}

void main();
