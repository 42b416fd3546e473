import { NasbenchError } from '../../../shared/contract/errors';
import type { SshAuth } from './auth';

/** One prompt of a keyboard-interactive round, as ssh2 hands it over. */
export interface KeyboardPrompt {
  prompt: string;
  echo?: boolean;
}

/**
 * PAM and several NAS firmwares ask "Password:" through keyboard-interactive rather than the
 * "password" method. Those prompts get the password. Anything else (a one-time code) gets the
 * code the user typed, or nothing: a password is never sent to a prompt that does not ask for it.
 */
const passwordPrompt = /password/i;
const notThePassword = /one[- ]?time|verification|code|token|otp|pin\b|new password|again|retype/i;

export function isPasswordPrompt(prompt: string): boolean {
  return passwordPrompt.test(prompt) && !notThePassword.test(prompt);
}

/** The answers to one round of prompts, and the first prompt that asked for something else than the password. */
export function keyboardAnswers(
  prompts: readonly KeyboardPrompt[],
  auth: SshAuth,
): { answers: string[]; codePrompt?: KeyboardPrompt } {
  if (auth.kind !== 'password') return { answers: prompts.map(() => '') };
  const codePrompt = prompts.find((prompt) => !isPasswordPrompt(prompt.prompt));
  const answers = prompts.map((prompt) => (isPasswordPrompt(prompt.prompt) ? auth.password : (auth.oneTimeCode ?? '')));
  return codePrompt ? { answers, codePrompt } : { answers };
}

/** The NAS asked for something other than the password, and the login failed: no code, or a wrong one. */
export function secondFactorRefused(target: string, prompt: KeyboardPrompt, auth: SshAuth): NasbenchError {
  const asked = prompt.prompt.trim().slice(0, 120);
  const hadCode = auth.kind === 'password' && auth.oneTimeCode !== undefined;
  return new NasbenchError(
    'AUTH_FAILED',
    hadCode
      ? `${target} did not accept the one-time code for "${asked}".`
      : `${target} asks for more than the password: "${asked}".`,
    hadCode
      ? 'Type a fresh code (they change every 30 seconds) and connect again.'
      : 'The NAS has two-step sign-in for SSH. Type the code in the app when it asks, or log in with an SSH key ' +
          '(--identity), which skips the code on most NASes.',
    { details: { secondFactor: asked } },
  );
}
