/** How the user logs in to the NAS: a password (with a one-time code when the NAS asks), a key, or the SSH agent. */
export type SshAuth =
  | {
      kind: 'password';
      password: string;
      /** The answer to a one-time-code prompt (keyboard-interactive), when the NAS asks for one. */
      oneTimeCode?: string;
    }
  | { kind: 'key'; privateKey: string; passphrase?: string }
  | { kind: 'agent'; socket: string };
