import type { Command } from 'commander';
import { toAppError } from '../../../shared/contract/errors';
import type { NasFacts } from '../../../shared/contract/probe';
import { formatBytes } from '../../../shared/util/units';
import { withConnectedEngine, type GlobalOptions } from '../engine-session';
import { call } from '../front-door';
import { printResult, type CliIo } from '../output';
import { addSshLoginOptions, type SshLoginOptions } from '../ssh-login';

/** `nasbench probe`: what the NAS is, and how this computer reaches it. */
export function addProbeCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  addSshLoginOptions(program.command('probe').description('show NAS facts and the client’s link to it')).action(
    async (options: SshLoginOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions & SshLoginOptions>();
      try {
        await withConnectedEngine(options, globals, io.env, async ({ engine, sessionId }) => {
          const { nas, client } = await call(engine, 'probeNas', { sessionId });
          finish(printResult(io, globals, { ok: true, kind: 'probe', nas, client }, () => describeProbe(nas)));
        });
      } catch (error) {
        finish(printResult(io, globals, { ok: false, kind: 'probe', error: toAppError(error) }, () => ''));
      }
    },
  );
}

function describeProbe(nas: NasFacts): string {
  const tool = (name: string, found: { version: string } | null) => `${name} ${found ? found.version : 'missing'}`;
  return [
    `${nas.hostname ?? 'NAS'}: ${nas.os.name ?? nas.os.vendor} ${nas.os.version ?? ''}`.trim(),
    `CPU: ${nas.cpu.model ?? 'unknown'} (${nas.cpu.cores ?? '?'} cores); RAM: ${nas.memoryBytes ? formatBytes(nas.memoryBytes) : 'unknown'}`,
    ...nas.interfaces.map(
      (link) =>
        `Link ${link.name}: ${link.addresses.join(', ') || 'no address'}, ${link.speedMbps ?? '?'} Mb/s, ${link.state}`,
    ),
    ...nas.bonds.map(
      (bond) =>
        `Bond ${bond.name}: ${bond.mode ?? '?'} (${bond.hashPolicy ?? 'no hash policy'}) over ${bond.slaves.join(' + ')}`,
    ),
    ...nas.volumes.map(
      (volume) =>
        `Volume ${volume.mount} (${volume.fsType ?? '?'}): ${formatBytes(volume.freeBytes)} free of ${formatBytes(volume.sizeBytes)}`,
    ),
    `Tools: ${tool('fio', nas.tools.fio)}, ${tool('iperf3', nas.tools.iperf3)}`,
    ...nas.installHints,
    '',
  ].join('\n');
}
