/**
 * vitest globalSetup for the integration project: brings the network lab up before the tests and down after
 * them (keep it with NASBENCH_LAB_KEEP=1). See tests/lab/README.md.
 */
import { spawnSync } from 'node:child_process';
import { LAB_SCRIPT } from './lab';

/**
 * Runs `lab.sh up|down --holder <this pid>`: the lab counts the test runs using it, so `down` from one run
 * leaves the lab up while another run on the same machine still needs it.
 */
function runLab(command: 'up' | 'down'): void {
  const args = [LAB_SCRIPT, command, '--holder', String(process.pid)];
  const result = spawnSync('bash', args, { stdio: ['ignore', 'inherit', 'inherit'], timeout: 300_000 });
  if (result.error) throw new Error(`bash ${args.join(' ')} could not run: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(`bash ${args.join(' ')} failed (exit ${result.status ?? result.signal}); see its output above.`);
  }
}

export async function setup(): Promise<void> {
  if (process.getuid?.() !== 0) {
    throw new Error(
      'The integration tests need root: they build a network lab (namespaces, veth links, users, sshd). ' +
        'Run them as root, e.g. `sudo npx vitest run --project integration`.',
    );
  }
  runLab('up');
}

export async function teardown(): Promise<void> {
  if (process.env.NASBENCH_LAB_KEEP === '1') {
    console.log(`NASBENCH_LAB_KEEP=1: leaving the lab up (remove it with: bash ${LAB_SCRIPT} down)`);
    return;
  }
  runLab('down');
}
