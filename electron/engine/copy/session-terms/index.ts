/**
 * The terms of a share's session (protocol, dialect, signing, encryption, transfer sizes): one pure
 * reader per source, and shareSession, which asks them in turn through a command runner passed in.
 */
export { shareSession, sambaConfigPaths, type RunCommand, type SessionSources } from './gather';
export { runHere, sessionTermsOf } from './this-computer';
export { sessionFromCifsOptions, sessionFromNfsOptions, sshfsSession } from './mount-options';
export { parseCifsDebugData, sessionFromCifsDebugData, type CifsShareTerms } from './linux-cifs';
export {
  parseStatshares,
  sessionFromStatsharesText,
  sessionFromSmbConnectionList,
  type StatsharesShare,
} from './client-smb';
export {
  parseSambaConfig,
  mergeSambaConfigs,
  sessionFromSambaConfig,
  smbdConfigFile,
  type SambaConfig,
} from './samba-config';
export { parseSmbstatus, sessionFromSmbstatus, type Smbstatus } from './smbstatus';
export { smbDialect, fillUnknowns, type ShareSession } from './terms';
