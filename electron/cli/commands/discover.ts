import { InvalidArgumentError, type Command } from 'commander';
import { describeDeviceModel, type DiscoveredDevice } from '../../../shared/discovery';
import { toAppError } from '../../../shared/errors';
import { discoverDevices } from '../../engine/discovery';
import { discoveryOffError } from '../../engine/discovery/sessions';
import { SettingsStore } from '../../engine/settings/store';
import { openDataDir, type GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';

interface DiscoverOptions {
  timeout: number;
  interface?: string[];
  enable?: boolean;
  disable?: boolean;
}

/**
 * `nasbench discover`: mDNS + SSDP browse, lists devices (../shared/cli-contract.md). Honours the
 * app's "find NASes on my network" setting in the data folder; --enable / --disable change it.
 */
export function addDiscoverCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('discover')
    .description('find NASes on this computer’s networks (mDNS and SSDP) and list what they offer')
    .option('--timeout <seconds>', 'how long to listen for answers', parseSeconds, 4)
    .option('--interface <address...>', 'search only from these IPv4 addresses of this computer')
    .option('--enable', 'switch discovery on in the settings (it is on unless switched off), then search')
    .option('--disable', 'switch discovery off in the settings and send nothing (managed networks)')
    .action(async (options: DiscoverOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      try {
        if (options.enable && options.disable) throw new InvalidArgumentError('give --enable or --disable, not both.');
        const settings = new SettingsStore(await openDataDir(globals, io.env));
        if (options.enable || options.disable) await settings.update({ discoveryEnabled: options.enable === true });
        if (options.disable) {
          const result = { ok: true as const, kind: 'discover', enabled: false, devices: [] };
          return finish(printResult(io, globals, result, () => 'Discovery is now switched off.\n'));
        }
        if (!(await settings.read()).discoveryEnabled) throw discoveryOffError();
        const seen = new Set<string>();
        const devices = await discoverDevices({
          timeoutMs: options.timeout * 1000,
          ...(options.interface ? { interfaces: options.interface } : {}),
          onUpdate: (list) => {
            for (const device of list.filter((entry) => !seen.has(entry.id))) {
              seen.add(device.id);
              printProgress(io, `found ${describeDevice(device)}`);
            }
          },
        });
        finish(
          printResult(io, globals, { ok: true, kind: 'discover', enabled: true, devices }, () => listDevices(devices)),
        );
      } catch (error) {
        if (error instanceof InvalidArgumentError) throw error;
        finish(printResult(io, globals, { ok: false, kind: 'discover', error: toAppError(error) }, () => ''));
      }
    });
}

function describeDevice(device: DiscoveredDevice): string {
  const model = describeDeviceModel(device);
  return `${device.name}${model ? ` (${model})` : ''} at ${device.addresses.join(', ') || 'unknown address'}`;
}

function listDevices(devices: DiscoveredDevice[]): string {
  if (devices.length === 0) {
    return [
      'No devices answered.',
      'Check that this computer is on the same network (subnet) as the NAS, that the network does not block',
      'mDNS/SSDP (guest Wi-Fi often does), or skip the search: nasbench probe --host <address of the NAS>.',
      '',
    ].join('\n');
  }
  const lines = devices.map((device) => {
    const ports = device.ports.map((entry) => (entry.port > 0 ? `${entry.kind}:${entry.port}` : entry.kind));
    return `${device.likelyNas ? 'NAS  ' : '     '}${describeDevice(device)}\n       ${ports.join(', ')}`;
  });
  return lines.join('\n') + '\n';
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.5 || seconds > 60) {
    throw new InvalidArgumentError('give a number of seconds from 0.5 to 60.');
  }
  return seconds;
}
