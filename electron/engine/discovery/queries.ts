import { randomUUID } from 'node:crypto';
import type { DevicesChanged, DiscoveryInput } from '../../../shared/contract/discovery';
import { NasbenchError, toAppError } from '../../../shared/contract/errors';
import { discoverDevices } from './discover';

type ParsedInput = { timeoutSeconds: number; interfaces?: string[] | undefined } & DiscoveryInput;

/** The error for a search the user switched off; the app and the CLI say the same thing. */
export function discoveryOffError(): NasbenchError {
  return new NasbenchError(
    'PERMISSION_DENIED',
    'Searching the network for a NAS is switched off in the settings.',
    'Switch on "Look for NASes on the network" in Settings (or run nasbench discover --enable), or type the NAS’s address.',
  );
}

/**
 * Discoveries started from the app: each gets an id at once and reports the growing list as
 * `devicesChanged` events, ending with `finished: true`. One at a time: a new one (the refresh
 * button) replaces the one before, so two never talk over each other on the network.
 */
export class DiscoveryQueries {
  private current: { id: string; controller: AbortController } | undefined;

  constructor(
    private readonly isEnabled: () => Promise<boolean>,
    private readonly emit: (payload: DevicesChanged) => void,
  ) {}

  async start(input: ParsedInput): Promise<{ discoveryId: string }> {
    if (!(await this.isEnabled())) throw discoveryOffError();
    this.cancel();
    const id = randomUUID();
    const controller = new AbortController();
    this.current = { id, controller };
    const done = (payload: Omit<DevicesChanged, 'discoveryId' | 'finished'>) => {
      if (this.current?.id === id) this.current = undefined;
      this.emit({ discoveryId: id, finished: true, ...payload });
    };
    discoverDevices({
      timeoutMs: input.timeoutSeconds * 1000,
      signal: controller.signal,
      ...(input.interfaces ? { interfaces: input.interfaces } : {}),
      onUpdate: (devices) => this.emit({ discoveryId: id, devices, finished: false }),
    }).then(
      (devices) => done({ devices }),
      (error: unknown) => done({ devices: [], error: toAppError(error) }),
    );
    return { discoveryId: id };
  }

  /** Stops the running discovery, if any; its last list still arrives with `finished: true`. */
  cancel(discoveryId?: string): boolean {
    if (!this.current || (discoveryId && discoveryId !== this.current.id)) return false;
    this.current.controller.abort();
    this.current = undefined;
    return true;
  }
}
