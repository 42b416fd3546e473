export type LoginMethod = 'password' | 'key' | 'agent';
const loginMethods: { value: LoginMethod; label: string }[] = [
  { value: 'password', label: 'Password' },
  { value: 'key', label: 'Key file' },
  { value: 'agent', label: 'SSH agent' },
];

export function LoginMethodChoice(props: {
  name: string;
  method: LoginMethod;
  onChange: (method: LoginMethod) => void;
}) {
  return (
    <fieldset className="field login-methods">
      <legend>How to log in</legend>
      {loginMethods.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={props.name}
            value={option.value}
            data-testid={`login-${option.value}`}
            checked={props.method === option.value}
            onChange={() => props.onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
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
  const { id, problem, remembered } = props;
  let help = 'The password of this user on the NAS.';
  if (remembered) help = 'Leave it empty to use the remembered password.';
  return (
    <>
      {remembered && (
        <div className="remembered" data-testid="password-remembered">
          <p>A password for this user on this NAS is remembered in the system keychain.</p>
          <button type="button" className="button button--small" onClick={props.onForget}>
            Forget it
          </button>
        </div>
      )}
      <div className="field">
        <label htmlFor={id}>Password</label>
        <input
          id={id}
          type="password"
          data-testid="password"
          value={props.password}
          autoComplete="off"
          aria-invalid={problem !== undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => props.onPassword(event.target.value)}
        />
        <p id={`${id}-help`} className={problem ? 'field__error' : 'field__help muted'}>
          {problem ?? help}
        </p>
      </div>
      {props.canRemember && (
        <label className="choice">
          <input
            type="checkbox"
            data-testid="remember-password"
            checked={props.remember}
            onChange={(event) => props.onRemember(event.target.checked)}
          />
          Remember this password in the system keychain
        </label>
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
  const { id, problem } = props;
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Private key file</label>
        <input
          id={id}
          type="text"
          data-testid="key-path"
          value={props.keyPath}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={problem !== undefined}
          aria-describedby={`${id}-help`}
          onChange={(event) => props.onKeyPath(event.target.value)}
        />
        <p id={`${id}-help`} className={problem ? 'field__error' : 'field__help muted'}>
          {problem ?? 'Its path on this computer, for example ~/.ssh/id_ed25519. The key itself never leaves it.'}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-passphrase`}>Passphrase of the key</label>
        <input
          id={`${id}-passphrase`}
          type="password"
          data-testid="key-passphrase"
          value={props.passphrase}
          autoComplete="off"
          aria-describedby={`${id}-passphrase-help`}
          onChange={(event) => props.onPassphrase(event.target.value)}
        />
        <p id={`${id}-passphrase-help`} className="field__help muted">
          Leave it empty if the key has none.
        </p>
      </div>
    </>
  );
}
