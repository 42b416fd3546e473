import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ConnectInput } from '../../../../shared/contract/connect';
import { Actions, Button } from '../../components/Button';
import { ErrorNotice } from '../../components/ErrorNotice';
import { SshSetupHelp } from '../../components/SshSetupHelp';
import { TextField } from '../../components/Field';
import formStyles from '../../components/Form.module.css';
import { selectVendorOf, useDevicesStore } from '../../stores/devices';
import { sameNas, useSessionActions, useNasConnectionStore, type NasAddress } from '../../stores/nas-connection';
import text from '../../theme/text.module.css';
import { HostKeyDialog } from './HostKeyDialog';
import { HostKeyMismatch } from './HostKeyMismatch';
import { KeyFileFields, LoginMethodChoice, OneTimeCodeField, PasswordFields, type LoginMethod } from './LoginFields';

type Problems = Partial<Record<'username' | 'password' | 'keyPath' | 'code', string>>;
type HostKeyQuestion = { fingerprint: string; keyType: string; knownAs: string[] };
/** What the next connect carries besides the login: a key to trust, or one to replace on purpose. */
type KeyDecision = { trustFingerprint: string } | { replaceFingerprint: string } | Record<string, never>;

/**
 * User name and login method. The password and passphrase live only in this component's state,
 * for as long as a call needs them (including the host-key question), and are cleared after it.
 */
export function LoginForm({ target }: { target: NasAddress }) {
  const id = useId();
  const lastUser = useNasConnectionStore((state) => state.recent.find((nas) => sameNas(nas, target))?.username ?? '');
  const [username, setUsername] = useState(lastUser);
  const [method, setMethod] = useState<LoginMethod>('password');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [keyPath, setKeyPath] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [question, setQuestion] = useState<HostKeyQuestion | null>(null);
  /** The NAS's one-time-code prompt (two-step sign-in), while it waits for the code. */
  const [codePrompt, setCodePrompt] = useState<string | null>(null);
  const [code, setCode] = useState('');
  /** The new key of a NAS the user reset on purpose, confirmed in the mismatch panel. */
  const [replaceKey, setReplaceKey] = useState<string | null>(null);
  const connectButton = useRef<HTMLButtonElement>(null);
  // Where focus goes once the host-key dialog has gone (while it is open, the form is inert).
  const focusAfterDialog = useRef<HTMLElement | null>(null);
  const { connecting, connectError, savedLogin } = useNasConnectionStore(
    useShallow((state) => ({
      connecting: state.connecting,
      connectError: state.connectError,
      savedLogin: state.savedLogin,
    })),
  );
  const { connect, loadSavedLogin, forgetPassword } = useSessionActions();
  const vendor = useDevicesStore(selectVendorOf(target.host));
  const user = username.trim();
  const passwordRemembered = savedLogin?.username === user && savedLogin.passwordRemembered;

  // A NAS used before comes with its user name: the password is all that is left to type.
  useEffect(() => {
    if (lastUser) document.getElementById(`${id}-password`)?.focus();
    // Only on arrival: later changes of the user name must not move the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (question || !focusAfterDialog.current) return;
    focusAfterDialog.current.focus();
    focusAfterDialog.current = null;
  });

  // The NAS asked for a code: the field for it appears, and the cursor goes there.
  useEffect(() => {
    if (codePrompt) document.getElementById(`${id}-code`)?.focus();
  }, [codePrompt, id]);

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => void loadSavedLogin(user), 300); // once typing pauses
    return () => clearTimeout(timer);
  }, [user, loadSavedLogin]);

  const auth = (): ConnectInput['auth'] => {
    if (method === 'key') return { kind: 'key', keyPath: keyPath.trim(), ...(passphrase ? { passphrase } : {}) };
    if (method === 'agent') return { kind: 'agent' };
    const oneTimeCode = codePrompt && code.trim() ? { oneTimeCode: code.trim() } : {};
    // An empty field with a remembered password means: use the one in the keychain.
    return password
      ? { kind: 'password', password, remember, ...oneTimeCode }
      : { kind: 'password', remember: false, ...oneTimeCode };
  };

  const forgetSecrets = () => {
    setPassword('');
    setPassphrase('');
    setCode('');
    setCodePrompt(null);
  };

  const attempt = async (decision: KeyDecision = {}) => {
    const outcome = await connect({ host: target.host, port: target.port, username: user, auth: auth(), ...decision });
    // The credentials are needed once more if the user trusts the key, types the code or replaces the key.
    if (outcome.kind === 'host-key-unknown') {
      setQuestion({ fingerprint: outcome.fingerprint, keyType: outcome.keyType, knownAs: outcome.knownAs });
      return;
    }
    if (outcome.kind === 'code-needed') {
      setQuestion(null);
      setCode('');
      setCodePrompt(outcome.prompt);
      return;
    }
    forgetSecrets();
    setQuestion(null);
    if (outcome.kind === 'connected') setReplaceKey(null);
    if (outcome.kind === 'failed') {
      // A refused login is fixed by typing again; anything else by reading the notice and retrying.
      const refused = useNasConnectionStore.getState().connectError?.code === 'AUTH_FAILED' && method !== 'agent';
      focusAfterDialog.current = (refused && document.getElementById(`${id}-${method}`)) || connectButton.current;
    }
  };

  const check = (): Problems => ({
    ...(!ConnectInput.shape.username.safeParse(user).success && {
      username: user ? 'A user name has no spaces, colons, @ or /.' : 'Type the user name you log in to the NAS with.',
    }),
    ...(method === 'password' &&
      !password &&
      !passwordRemembered && { password: 'Type the password of this NAS user.' }),
    ...(method === 'key' && !keyPath.trim() && { keyPath: 'Type the path of your private key file.' }),
    ...(codePrompt && !code.trim() && { code: 'Type the code your NAS asks for.' }),
  });

  /** Checks the fields, then connects; a key the user chose to replace goes with every try until one succeeds. */
  const checkAndConnect = (replacing: string | null) => {
    if (connecting) return;
    const found = check();
    setProblems(found);
    const first = (['username', 'password', 'keyPath', 'code'] as const).find((field) => found[field]);
    if (first) document.getElementById(`${id}-${first === 'keyPath' ? 'key' : first}`)?.focus();
    else void attempt(replacing ? { replaceFingerprint: replacing } : {});
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    checkAndConnect(replaceKey);
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate aria-busy={connecting}>
      <TextField
        id={`${id}-username`}
        label="User name on the NAS"
        testId="username"
        value={username}
        onChange={setUsername}
        problem={problems.username}
        help="On Synology and QNAP this must be an administrator account."
      />
      <LoginMethodChoice name={`${id}-method`} method={method} onChange={setMethod} />
      {method === 'password' && (
        <PasswordFields
          id={`${id}-password`}
          password={password}
          onPassword={setPassword}
          remember={remember}
          onRemember={setRemember}
          canRemember={savedLogin?.canRemember ?? false}
          remembered={passwordRemembered}
          onForget={() => void forgetPassword(user)}
          problem={problems.password}
        />
      )}
      {method === 'password' && codePrompt && (
        <OneTimeCodeField id={`${id}-code`} prompt={codePrompt} code={code} onCode={setCode} problem={problems.code} />
      )}
      {method === 'key' && (
        <KeyFileFields
          id={`${id}-key`}
          keyPath={keyPath}
          onKeyPath={setKeyPath}
          passphrase={passphrase}
          onPassphrase={setPassphrase}
          problem={problems.keyPath}
        />
      )}
      {method === 'agent' && (
        <p className={text.muted}>
          Uses the keys your SSH agent holds on this computer (<code>ssh-add -l</code> lists them).
        </p>
      )}
      <Actions>
        <Button type="submit" variant="primary" data-testid="connect" ref={connectButton} aria-disabled={connecting}>
          {connecting ? 'Connecting…' : 'Connect'}
        </Button>
        {/* The button says it too, but a changed label is not announced; this is. */}
        <span role="status" className="visually-hidden">
          {connecting ? `Connecting to ${target.host}…` : ''}
        </span>
      </Actions>
      {connectError?.code === 'HOST_KEY_MISMATCH' && (
        <HostKeyMismatch
          error={connectError}
          busy={connecting}
          onReplace={(fingerprint) => {
            setReplaceKey(fingerprint);
            checkAndConnect(fingerprint);
          }}
        />
      )}
      {connectError && connectError.code !== 'HOST_KEY_MISMATCH' && (
        <ErrorNotice title="Could not connect." error={connectError} testId="connect-error" />
      )}
      {/* SSH switched off, or an account that may not log in: how to fix it on this brand of NAS. */}
      {(connectError?.code === 'UNREACHABLE' || connectError?.code === 'AUTH_FAILED') && (
        <SshSetupHelp vendor={vendor} open />
      )}
      {question && (
        <HostKeyDialog
          host={target.host}
          fingerprint={question.fingerprint}
          keyType={question.keyType}
          knownAs={question.knownAs}
          vendor={vendor}
          busy={connecting}
          onTrust={() => void attempt({ trustFingerprint: question.fingerprint })}
          onCancel={() => {
            forgetSecrets();
            setQuestion(null);
            focusAfterDialog.current = connectButton.current;
          }}
        />
      )}
    </form>
  );
}
