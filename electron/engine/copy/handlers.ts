import type { MethodHandlers } from '../../../shared/contract';
import { listMountedShares, offerShares } from './mounted-shares';

/** The network shares mounted on this computer, those of the asked-about NAS first. */
export function copyHandlers(): Pick<MethodHandlers, 'listMountedShares'> {
  return {
    listMountedShares: async (input) => offerShares(await listMountedShares(undefined, input?.nas), input?.nas),
  };
}
