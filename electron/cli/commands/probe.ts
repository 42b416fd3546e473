import type { Command } from 'commander';
import { toAppError } from '../../../shared/contract/errors';
import type { LinkCheck, NasFacts } from '../../../shared/contract/probe';
import { formatBytes } from '../../../shared/util/units';
import { describeTools } from '../../../shared/words/describe-nas';
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
          const { nas, client, link } = await call(engine, 'probeNas', { sessionId });
          const json = { ok: true as const, kind: 'probe', nas, client, ...(link ? { link } : {}) };
          finish(printResult(io, globals, json, () => describeProbe(nas, link)));
        });
      } catch (error) {
        finish(printResult(io, globals, { ok: false, kind: 'probe', error: toAppError(error) }, () => ''));
      }
    },
  );
}

function describeProbe(nas: NasFacts, link: LinkCheck | undefined): string {
  const tools = describeTools(nas.tools, nas.installHints, nas.refusedTools);
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
    `Tools: ${tools.tools.map((status) => status.text).join(', ')}`,
    ...tools.hints,
    ...tools.refused,
    ...(link ? [linkLine(link), ...link.findings.map((finding) => finding.text)] : []),
    '',
  ].join('\n');
}

/** "Link check: NAS eth0 MTU 1500, this computer eth0 MTU 1500, packets up to 1500 bytes crossed". */
function linkLine(link: LinkCheck): string {
  const end = (name: string | null, mtu: number | null) => `${name ?? '?'} MTU ${mtu ?? '?'}`;
  const path = link.pathMtu ? `packets up to ${link.pathMtu} bytes crossed` : 'path MTU not measured';
  return `Link check: NAS ${end(link.nasInterface, link.nasMtu)}, this computer ${end(link.clientInterface, link.clientMtu)}, ${path}`;
}
