import { spawn } from 'node:child_process';
import type { NasCommands } from '../../electron/engine/disk/file-system';
import { lineSplitter } from '../../electron/engine/ssh/lines';
import type { RemoteCommandOptions, RemoteCommandResult } from '../../electron/engine/ssh/login';
import { shellQuote } from '../../shared/util/shell-words';

/**
 * The engine's NAS commands run on this machine: the same shell and the same line-by-line stdout
 * as over SSH, without the SSH round trips, so a disk benchmark measures fio and the engine only.
 */
export const localShell: NasCommands = localShellIn([]);

/**
 * The same, with every command (and so every fio it starts) placed first in these cgroup v1
 * groups (their `cgroup.procs` files): a memory limit makes a small NAS's page cache, a blkio
 * throttle a slow disk (tests/bench/record-grid.ts).
 */
export function localShellIn(cgroupProcsFiles: readonly string[]): NasCommands {
  const enter = cgroupProcsFiles.map((file) => `echo $$ > ${shellQuote(file)} || exit 97; `).join('');
  return {
    run: (command: string | readonly string[], options: RemoteCommandOptions = {}) =>
      new Promise<RemoteCommandResult>((resolve, reject) => {
        if (typeof command !== 'string') return reject(new Error('the bench runs shell lines only'));
        const child = spawn('/bin/sh', ['-c', enter + command], { stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        // As over SSH: what a line reader takes is not kept as stdout too.
        const reader = options.onStdoutLine;
        const lines = reader ? lineSplitter(reader) : null;
        child.stdout.setEncoding('utf8').on('data', (text: string) => {
          if (lines) lines.push(text);
          else stdout += text;
        });
        child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
        child.on('error', reject);
        child.on('close', (code, signal) => {
          lines?.end();
          resolve({ code, signal, stdout, stderr });
        });
      }),
  };
}
