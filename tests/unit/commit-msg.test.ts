import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helpers';

/** .githooks/commit-msg, which `npm install` makes git run for every commit (docs/contributing.md). */
async function hookOn(message: string) {
  const file = path.join(await tempDir('commit-msg'), 'COMMIT_EDITMSG');
  await writeFile(file, message);
  return spawnSync('sh', ['.githooks/commit-msg', file], { encoding: 'utf8' });
}

describe('the commit-msg hook', () => {
  it('takes a subject of 72 characters with a body of any length', async () => {
    const result = await hookOn(`${'x'.repeat(72)}\n\n${'A body line of any length. '.repeat(20)}\n`);
    expect(result.status).toBe(0);
  });

  it('refuses a subject of 73 characters, saying how long it is', async () => {
    const result = await hookOn(`${'é'.repeat(73)}\n`);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the subject is 73 characters');
  });

  it('reads the subject past the comment lines git leaves at the top', async () => {
    expect((await hookOn(`# Please enter the commit message\n${'y'.repeat(80)}\n`)).status).toBe(1);
  });
});
