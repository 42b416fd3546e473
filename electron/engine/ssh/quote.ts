/**
 * Quoting for remote command lines lives in shared/ (the report's anonymiser reads saved command
 * lines back into their words with the same rules); the engine's sessions quote through here.
 */
export { shellCommand, shellQuote } from '../../../shared/util/shell-words';
