import type { MethodHandlers } from '../../../shared/contract';
import { checkLoadHelper } from './check-helper';
import type { LoadLeftovers } from './leftovers';

/**
 * The load test's own method; its run starts with the other runs (runs/handlers.ts). A check
 * first removes what an earlier run could not (a scratch folder on a computer that had vanished).
 */
export function loadHandlers(leftovers: LoadLeftovers): Pick<MethodHandlers, 'checkLoadHelpers'> {
  return {
    checkLoadHelpers: async ({ helpers }) => {
      await leftovers.sweep(helpers);
      return Promise.all(helpers.map((helper) => checkLoadHelper(helper)));
    },
  };
}
