/** The engine: everything NASBench measures, in plain Node. It never imports 'electron'. */
export { createEngine, type Engine, type EngineOptions } from './api/engine';
export { createDispatcher, type Dispatch } from './api/dispatch';
export { defaultDataDir, ensureDataDir } from './data-folder';
/** Defaults the command line shows in its help. */
export { copyDefaults } from './copy';
