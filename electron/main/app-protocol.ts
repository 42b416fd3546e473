import { net, protocol } from 'electron';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSecurityPolicy } from '../../shared/util/csp';

export const appScheme = 'app';
export const appOrigin = 'app://nasbench';

/**
 * electron-vite's dev server, when this is a development run. Its address comes from an
 * environment variable, which whoever starts the app can set: a packaged app ignores it, so it
 * only ever loads (and trusts IPC from) its own page.
 */
export function devServerUrlOf(isPackaged: boolean, env: NodeJS.ProcessEnv): string | undefined {
  return isPackaged ? undefined : env.ELECTRON_RENDERER_URL || undefined;
}

/** The page the main window loads: the dev server in development, else the built renderer. */
export function mainPageUrl(devServerUrl: string | undefined): string {
  return devServerUrl ?? `${appOrigin}/index.html`;
}

/** Must run before the app is ready: app:// behaves like https (secure, standard origin). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/**
 * Serves the built renderer from app://nasbench/ instead of file://, so the page has a real
 * origin the IPC sender check can rely on, and file:// stays closed to it.
 */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(appScheme, async (request) => {
    const file = await rendererFileOf(rendererDir, request.url);
    if (file === null) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).toString());
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', contentSecurityPolicy);
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: response.status, headers });
  });
}

/**
 * The file of the built renderer an app:// address names, or null for anything outside it: another
 * host, an undecodable or backslashed path (a separator on Windows), `..` in any spelling, and a
 * link inside the folder that leads out of it (the real path must be inside too).
 */
export async function rendererFileOf(rendererDir: string, address: string): Promise<string | null> {
  let relative: string;
  try {
    const url = new URL(address);
    if (url.host !== 'nasbench') return null;
    relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    return null;
  }
  if (relative.includes('\\') || relative.includes('\0')) return null;
  const root = path.resolve(rendererDir);
  const inside = (folder: string, file: string) => file.startsWith(folder + path.sep);
  const file = path.resolve(root, `.${relative}`);
  if (!inside(root, file)) return null;
  const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]).catch(() => [null, null]);
  return realRoot && realFile && inside(realRoot, realFile) ? realFile : null;
}
