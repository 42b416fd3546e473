/** Load from several computers at once, through fio's client/server mode (issue #18). */
export { runLoad, type LoadComputer } from './run-load';
export { startNasFioServer } from './nas-server';
export { rampSeconds, scratchPath, checkHelperDir } from './job';
export { loadHandlers } from './handlers';
export { LoadLeftovers } from './leftovers';
