import { spawn } from 'node:child_process';
import type { NasCommands } from '../../electron/engine/disk/file-system';
import { lineSplitter } from '../../electron/engine/ssh/lines';
import { shellCommand } from '../../electron/engine/ssh/quote';
import type { RemoteCommandResult } from '../../electron/engine/ssh/login';
import { NasbenchError } from '../../shared/contract/errors';

/** This machine standing in for the NAS: the same command lines, run by /bin/sh with the given PATH first. */
export function localCommands(pathFirst = ''): NasCommands {
  return {
    run: (command, options = {}) =>
      new Promise<RemoteCommandResult>((resolve, reject) => {
        const line = typeof command === 'string' ? command : shellCommand(command);
        const env = { ...process.env, PATH: `${pathFirst ? `${pathFirst}:` : ''}${process.env.PATH ?? ''}` };
        const child = spawn('/bin/sh', ['-c', line], { env, detached: true });
        let stdout = '';
        let stderr = '';
        // As over SSH: what a line reader takes is not kept as stdout too.
        const reader = options.onStdoutLine;
        const lines = reader ? lineSplitter(reader) : null;
        child.stdout.on('data', (chunk: Buffer) => {
          if (lines) lines.push(chunk);
          else stdout += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        const onAbort = () => {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
          reject(new NasbenchError('CANCELLED', 'The test was cancelled.', 'Start it again.'));
        };
        options.signal?.addEventListener('abort', onAbort, { once: true });
        child.on('close', (code, signal) => {
          options.signal?.removeEventListener('abort', onAbort);
          lines?.end();
          resolve({ code, signal, stdout, stderr });
        });
      }),
  };
}
