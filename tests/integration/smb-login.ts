import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { runCli } from '../../electron/cli/program';
import type { CopyTestResult } from '../../shared/contract/copy';
import type { SharePath } from '../../shared/contract/figure-quality';
import { nasExec } from '../lab/lab';
import { tempDir } from '../unit/helpers';
import { lab } from './lab-login';

/**
 * What the SMB test files share: the NAS logins that tell a share's session — root (smbstatus answers), the
 * plain user (config only), the signing NAS — the CLI run in-process, and a folder of their own in a share.
 */
export const rootLogin = [
  '--host',
  lab.smb.server,
  '--port',
  String(lab.field.sshds.rootlogin.port),
  '--user',
  'root',
  '--identity',
  lab.users.test.key,
];
export const userLogin = ['--host', lab.smb.server, '--user', lab.users.test.name];
export const signingNasLogin = [...userLogin, '--port', String(lab.field.sshds.smbsigned.port)];

export interface CopyJson {
  ok: boolean;
  path: SharePath;
  tests: CopyTestResult[];
}

export async function cli(argv: string[]): Promise<{ json: unknown; text: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(['--data-dir', await tempDir('smb'), ...argv, '--trust-new-host'], {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    env: { NASBENCH_PASSWORD: lab.users.test.password },
  });
  expect(code, stderr).toBe(0);
  return argv.includes('--json') ? { json: JSON.parse(stdout), text: '' } : { json: null, text: stdout };
}

export const copyOn = async (folder: string, login: string[], size = '256M') =>
  (await cli(['--json', 'copy', '--dir', folder, '--size', size, ...login])).json as CopyJson;

/**
 * Call in a test file's body: the SMB mount must be there (CI installs Samba and smbnetfs; without them the lab
 * does not come up and the tests fail, never skip), and the folders `folderIn` made go when the file ends.
 */
export function useSmbFolders(): { folderIn: (share: string) => Promise<string> } {
  const folders: string[] = [];
  beforeAll(() => {
    expect(spawnSync('mountpoint', ['-q', lab.smb.mount]).status).toBe(0);
  });
  afterAll(() => {
    for (const folder of folders) nasExec(['rm', '-rf', folder]);
  });
  return {
    /** A folder of its own in a share, through the SMB mount (the share's files are the NAS's). */
    folderIn: async (share: string) => {
      const name = `smb-${randomUUID()}`;
      expect(
        nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, `${lab.share}/${name}`]).code,
      ).toBe(0);
      folders.push(`${lab.share}/${name}`);
      return `${share}/${name}`;
    },
  };
}
