import type { MethodHandlers } from '../../../shared/contract';
import type { RecentDevices } from './recent-devices';
import type { DiscoveryQueries } from './queries';

type DiscoveryHandlers = Pick<
  MethodHandlers,
  'startDiscovery' | 'cancelDiscovery' | 'listRecentDevices' | 'rememberDevice'
>;

/** Finding NASes: searches of the LAN (their lists arrive as events) and the NASes used before. */
export function discoveryHandlers(discoveries: DiscoveryQueries, recent: RecentDevices): DiscoveryHandlers {
  return {
    startDiscovery: (input) => discoveries.start(input),
    cancelDiscovery: async ({ discoveryId }) => ({ cancelled: discoveries.cancel(discoveryId) }),
    listRecentDevices: () => recent.list(),
    rememberDevice: (input) => recent.remember(input),
  };
}
