import { existsSync } from 'node:fs';

/** The e2e tests drive the built app; `npm test` builds it first. */
export function setup(): void {
  for (const file of ['out/renderer/index.html', 'out/main/cli.js', 'out/main/web.js']) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` before the e2e tests.`);
  }
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error('Chromium is missing: install it with `apt-get install chromium` (see docs/testing.md).');
  }
}
