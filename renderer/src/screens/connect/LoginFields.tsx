import { Button } from '../../components/Button';
import { RadioChoices, type RadioOption } from '../../components/Choices';
import { CheckboxField, TextField } from '../../components/Field';
import styles from './LoginFields.module.css';

export type LoginMethod = 'password' | 'key' | 'agent';
const loginMethods: RadioOption<LoginMethod>[] = [
  // "With a password", not "Password": the password field below is called that, and two controls of one name confuse screen readers.
  { value: 'password', label: 'With a password', testId: 'login-password' },
  { value: 'key', label: 'With a key file', testId: 'login-key' },
  { value: 'agent', label: 'Through the SSH agent', testId: 'login-agent' },
];

export function LoginMethodChoice(props: {
  name: string;
  method: LoginMethod;
  onChange: (method: LoginMethod) => void;
}) {
  return (
    <RadioChoices
      legend="How to log in"
      name={props.name}
      options={loginMethods}
      value={props.method}
      onChange={props.onChange}
      layout="row"
    />
  );
}

/**
 * The fields of each login method. They hold nothing themselves: the secrets stay in the
 * login form's state, which clears them once the connect call has answered.
 */

export function PasswordFields(props: {
  id: string;
  password: string;
  onPassword: (password: string) => void;
  remember: boolean;
  onRemember: (remember: boolean) => void;
  /** Only the desktop app can reach the system keychain. */
  canRemember: boolean;
  remembered: boolean;
  onForget: () => void;
  problem: string | undefined;
}) {
  const { id, remembered } = props;
  return (
    <>
      {remembered && (
        <div className={styles.remembered} data-testid="password-remembered">
          <p>A password for this user on this NAS is remembered in the system keychain.</p>
          <Button size="small" onClick={props.onForget}>
            Forget it
          </Button>
        </div>
      )}
      <TextField
        id={id}
        type="password"
        label="Password"
        testId="password"
        value={props.password}
        onChange={props.onPassword}
        problem={props.problem}
        help={remembered ? 'Leave it empty to use the remembered password.' : 'The password of this user on the NAS.'}
      />
      {props.canRemember && (
        <CheckboxField
          id={`${id}-remember`}
          label="Remember this password in the system keychain"
          testId="remember-password"
          checked={props.remember}
          onChange={props.onRemember}
        />
      )}
    </>
  );
}

export function KeyFileFields(props: {
  id: string;
  keyPath: string;
  onKeyPath: (path: string) => void;
  passphrase: string;
  onPassphrase: (passphrase: string) => void;
  problem: string | undefined;
}) {
  const { id } = props;
  return (
    <>
      <TextField
        id={id}
        label="Private key file"
        testId="key-path"
        value={props.keyPath}
        onChange={props.onKeyPath}
        problem={props.problem}
        help="Its path on this computer, for example ~/.ssh/id_ed25519. The key itself never leaves it."
      />
      <TextField
        id={`${id}-passphrase`}
        type="password"
        label="Passphrase of the key"
        testId="key-passphrase"
        value={props.passphrase}
        onChange={props.onPassphrase}
        problem={undefined}
        help="Leave it empty if the key has none."
      />
    </>
  );
}

/**
 * Two-step sign-in: the NAS asked for more than the password (a code from an authenticator app).
 * Its own prompt is shown, so the user knows which code it means; the code goes with the next connect.
 */
export function OneTimeCodeField(props: {
  id: string;
  prompt: string;
  code: string;
  onCode: (code: string) => void;
  problem: string | undefined;
}) {
  return (
    <TextField
      id={props.id}
      label="Code the NAS asks for"
      testId="one-time-code"
      value={props.code}
      onChange={props.onCode}
      problem={props.problem}
      help={`The NAS asks: “${props.prompt.trim()}” Type the current code, then Connect.`}
      inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }}
      fieldTestId="one-time-code-field"
    />
  );
}
