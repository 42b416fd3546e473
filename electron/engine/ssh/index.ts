/**
 * SSH to a NAS: connecting (passwords, keyboard-interactive, keys, the agent) with host-key pinning,
 * running POSIX sh commands under any login shell and cancelling them as a process group, quoting
 * values into command lines, and the scratch folders a test may write in.
 */
export { connectToNas, type ConnectOptions, type SshAuth } from './connect';
export {
  NasLogin,
  TunnelRefused,
  type NasListener,
  type RemoteCommandOptions,
  type RemoteCommandResult,
  type LoginInfo,
  wholeStdout,
} from './login';
export { openLocalTunnelEnd, type LocalTunnelEnd } from './tunnel';
export { KnownHosts } from './known-hosts';
export { checkFolderOnNas } from './folder-check';
export { describeHostKey, sha256Fingerprint, type HostKey } from './host-key';
export { shellCommand, shellQuote } from './quote';
export { checkedNasFolder, openScratchFolder, spaceMargin, sweepStaleScratch, type ScratchFolder } from './scratch';
export { KeptOutput, lineSplitter, maxKeptChars, maxLineChars, type LineSplitter } from './lines';
export { underWatchdog } from './watchdog';
export { foundProgramCheckSh, foundProgramCommand, parseRefusedPrograms } from './found-program';
