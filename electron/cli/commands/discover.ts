import { InvalidArgumentError, type Command } from 'commander';
import { describeDeviceModel, type DevicesChanged, type DiscoveredDevice } from '../../../shared/contract/discovery';
import { NasbenchError, toAppError } from '../../../shared/contract/errors';
import type { Engine } from '../../engine';
import { numberIn } from '../arguments';
import { withEngine, type GlobalOptions } from '../engine-session';
import { call } from '../front-door';
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
    .option('--timeout <seconds>', 'how long to listen for answers', numberIn(0.5, 60), 4)
    .option('--interface <address...>', 'search only from these IPv4 addresses of this computer')
    .option('--enable', 'switch discovery on in the settings (it is on unless switched off), then search')
    .option('--disable', 'switch discovery off in the settings and send nothing (managed networks)')
    .action(async (options: DiscoverOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      try {
        if (options.enable && options.disable) throw new InvalidArgumentError('give --enable or --disable, not both.');
        await withEngine(globals, io.env, async ({ engine }) => {
          if (options.enable || options.disable) {
            await call(engine, 'updateSettings', { discoveryEnabled: options.enable === true });
          }
          if (options.disable) {
            const result = { ok: true as const, kind: 'discover', enabled: false, devices: [] };
            return finish(printResult(io, globals, result, () => 'Discovery is now switched off.\n'));
          }
          const devices = await discover(engine, options, io);
          finish(
            printResult(io, globals, { ok: true, kind: 'discover', enabled: true, devices }, () =>
              listDevices(devices),
            ),
          );
        });
      } catch (error) {
        if (error instanceof InvalidArgumentError) throw error;
        finish(printResult(io, globals, { ok: false, kind: 'discover', error: toAppError(error) }, () => ''));
      }
    });
}

/** A discovery through the contract, as the Devices screen starts it: the growing list arrives as events. */
async function discover(engine: Engine, options: DiscoverOptions, io: CliIo): Promise<DiscoveredDevice[]> {
  const seen = new Set<string>();
  const updates: DevicesChanged[] = [];
  let finished: (last: DevicesChanged) => void = () => undefined;
  const last = new Promise<DevicesChanged>((resolve) => (finished = resolve));
  let discoveryId: string | undefined;
  const take = (update: DevicesChanged) => {
    for (const device of update.devices.filter((entry) => !seen.has(entry.id))) {
      seen.add(device.id);
      printProgress(io, `found ${describeDevice(device)}`);
    }
    if (update.finished) finished(update);
  };
  const stop = engine.onEvent((name, update) => {
    if (name !== 'devicesChanged') return;
    if (discoveryId === undefined) updates.push(update);
    else if (update.discoveryId === discoveryId) take(update);
  });
  try {
    ({ discoveryId } = await call(engine, 'startDiscovery', {
      timeoutSeconds: options.timeout,
      ...(options.interface ? { interfaces: options.interface } : {}),
    }));
    for (const update of updates.filter((held) => held.discoveryId === discoveryId)) take(update);
    const end = await last;
    if (end.error) throw new NasbenchError(end.error.code, end.error.message, end.error.hint);
    return end.devices;
  } finally {
    stop();
  }
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
