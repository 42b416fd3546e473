import type { MethodHandlers } from '../../../shared/contract';
import { checkLoadHelper } from './check-helper';

/** The load test's own method; its run starts with the other runs (runs/handlers.ts). */
export function loadHandlers(): Pick<MethodHandlers, 'checkLoadHelpers'> {
  return { checkLoadHelpers: ({ helpers }) => Promise.all(helpers.map((helper) => checkLoadHelper(helper))) };
}
