import { spawn } from 'node:child_process';

/**
 * For the SIGKILL tests: starts a TypeScript child (`node --import tsx SCRIPT ...args`) that says on
 * stdout what it is doing, and SIGKILLs it at a random moment up to `withinMs` after its first line
 * — sometimes mid-write, mid-fsync or mid-rename, sometimes between operations. Resolves with the
 * last line it said before the kill; rejects if it stops on its own.
 */
export function killSoonAfterFirstLine(script: string, args: string[], withinMs = 250): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lastLine = '';
    let timer: NodeJS.Timeout | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      lastLine = text.trim().split('\n').at(-1) ?? lastLine;
      timer ??= setTimeout(() => {
        const said = lastLine;
        child.kill('SIGKILL');
        child.once('exit', () => resolve(said));
      }, Math.random() * withinMs);
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') {
        clearTimeout(timer);
        reject(new Error(`the child stopped on its own (code ${code})`));
      }
    });
  });
}
