import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ConnectInput, Connection, ProbeResult } from '../../../shared/contract/connect';
import type { ShareOnOffer } from '../../../shared/contract/copy';
import type { AppError } from '../../../shared/contract/errors';
import { nasIdentityOf } from '../../../shared/kinds/copy/words';
import { testFolderChoices } from '../../../shared/kinds/disk/words';
import { keepConnection, keptLogin, readKeptConnection, reconnectAuth } from './kept-connection';
import { nasFolderOf, noWritePlaces, type WritePlaces } from './write-places';

/** A NAS as the user names it: the address typed on Devices and its SSH port. */
export interface NasAddress {
  host: string;
  port: number;
}

export interface RecentNas extends NasAddress {
  /** The user name of the last successful login, to fill in next time. */
  username: string | null;
}

export interface SavedLogin {
  /** The user name this answer is about. */
  username: string;
  passwordRemembered: boolean;
  canRemember: boolean;
}

/**
 * How a connect attempt ended. A new host key and a one-time-code prompt are questions for the
 * user, not errors; a changed key is an error whose panel can replace the key on purpose.
 */
export type ConnectOutcome =
  | { kind: 'connected' }
  | { kind: 'host-key-unknown'; fingerprint: string; keyType: string; knownAs: string[] }
  | { kind: 'host-key-changed'; fingerprint: string }
  | { kind: 'code-needed'; prompt: string }
  | { kind: 'failed' };

interface NasConnectionState {
  /** The NAS the Connect screen is about. */
  target: NasAddress | null;
  /** NASes chosen since the app started, newest first; forgotten when the app closes. */
  recent: RecentNas[];
  savedLogin: SavedLogin | null;
  savedLoginError: AppError | null;
  connecting: boolean;
  connectError: AppError | null;
  connection: Connection | null;
  /** Whether the user asked for the password to be remembered on the connect that succeeded. */
  rememberAsked: boolean;
  probe: ProbeResult | null;
  probing: boolean;
  probeError: AppError | null;
  disconnecting: boolean;
  disconnectError: AppError | null;
  /** Where NASBench may write, per NAS (`nasKey`): every test and plan of that NAS uses the same places. */
  writePlaces: Record<string, WritePlaces>;
  /** The network shares mounted on this computer, the connected NAS's first; null until asked. */
  mountedShares: ShareOnOffer[] | null;
  actions: {
    chooseNas(address: NasAddress): void;
    /** NASes used in earlier sessions (from the data folder): their user names fill in the login form. */
    addEarlierNases(earlier: RecentNas[]): void;
    loadSavedLogin(username: string): Promise<void>;
    forgetPassword(username: string): Promise<void>;
    /** The input (with its password) is passed through and never kept here. */
    connect(input: ConnectInput): Promise<ConnectOutcome>;
    probe(): Promise<void>;
    /**
     * After a reload: picks the kept session up (the engine still has it), or logs in again where no
     * secret is needed. 'lost' when the user must log in again (the Connect screen asks).
     */
    restore(): Promise<'none' | 'kept' | 'reconnected' | 'lost'>;
    disconnect(): Promise<void>;
    clearConnectError(): void;
    /** For the connected NAS: a mount point the probe listed, or null for "Another folder…". */
    pickNasFolder(folder: string | null): void;
    typeNasFolder(folder: string): void;
    /** For the connected NAS: the folder where its share is mounted on this computer. */
    chooseShareFolder(folder: string): void;
    /** Asks the engine which shares are mounted (they come and go, so on each visit). */
    loadMountedShares(): Promise<void>;
  };
}

const recentLimit = 5;

export const sameNas = (a: NasAddress, b: NasAddress) =>
  a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port;

/** One NAS as a key: the address as typed, in any case, and its SSH port. */
export const nasKey = (nas: NasAddress) => `${nas.host.toLowerCase()}:${nas.port}`;

function withRecent(recent: RecentNas[], entry: RecentNas): RecentNas[] {
  const previous = recent.find((item) => sameNas(item, entry));
  const merged = { ...entry, username: entry.username ?? previous?.username ?? null };
  return [merged, ...recent.filter((item) => !sameNas(item, entry))].slice(0, recentLimit);
}

/**
 * The session store; of it, only where NASBench may write on each NAS is kept across restarts (in the
 * window's local storage), so a folder picked or typed once is offered again on the next connect.
 */
export const useNasConnectionStore = create<NasConnectionState>()(
  persist(
    (set, get) => {
      // Answers about saved logins can arrive out of order while the user types: only the latest one counts.
      let savedLoginRequest = 0;
      const loginQuery = (username: string) => {
        const target = get().target;
        return target ? { host: target.host, port: target.port, username } : null;
      };
      /** Changes where NASBench may write on the connected NAS; without a connection there is no NAS to change. */
      const changeWritePlaces = (change: Partial<WritePlaces>) => {
        const connection = get().connection;
        if (!connection) return;
        const key = nasKey(connection);
        set((state) => ({
          writePlaces: { ...state.writePlaces, [key]: { ...(state.writePlaces[key] ?? noWritePlaces), ...change } },
        }));
      };

      // A reload starts with the NAS it had; `restore` then checks the engine still has the session.
      const kept = readKeptConnection();
      return {
        target: kept?.target ?? null,
        recent: kept ? [{ ...kept.target, username: kept.connection.username }] : [],
        savedLogin: null,
        savedLoginError: null,
        connecting: false,
        connectError: null,
        connection: kept?.connection ?? null,
        rememberAsked: kept?.rememberAsked ?? false,
        probe: null,
        probing: false,
        probeError: null,
        disconnecting: false,
        disconnectError: null,
        writePlaces: {},
        mountedShares: null,
        actions: {
          chooseNas(address) {
            savedLoginRequest += 1;
            set((state) => ({
              target: address,
              recent: withRecent(state.recent, { ...address, username: null }),
              savedLogin: null,
              savedLoginError: null,
              connectError: null,
            }));
          },

          addEarlierNases(earlier) {
            set((state) => ({
              recent: [...state.recent, ...earlier.filter((nas) => !state.recent.some((known) => sameNas(known, nas)))],
            }));
          },

          async loadSavedLogin(username) {
            const query = loginQuery(username);
            if (!query) return;
            const request = ++savedLoginRequest;
            const result = await window.nasbench.getSavedLogin(query);
            if (request !== savedLoginRequest) return;
            set(
              result.ok
                ? { savedLogin: { ...result.data, username }, savedLoginError: null }
                : { savedLoginError: result.error },
            );
          },

          async forgetPassword(username) {
            const query = loginQuery(username);
            if (!query) return;
            const result = await window.nasbench.forgetPassword(query);
            if (!result.ok) {
              set({ savedLoginError: result.error });
              return;
            }
            await get().actions.loadSavedLogin(username);
          },

          async connect(input) {
            if (get().connecting) return { kind: 'failed' };
            set({ connecting: true, connectError: null });
            const result = await window.nasbench.connectNas(input);
            if (!result.ok) return connectFailed(result.error, input);
            // One NAS at a time: a new connection replaces the one before it.
            const previous = get().connection;
            if (previous) void window.nasbench.disconnectNas({ sessionId: previous.sessionId });
            const connection = result.data;
            const rememberAsked = input.auth.kind === 'password' && input.auth.remember === true;
            const target = { host: input.host, port: connection.port };
            keepConnection({ target, connection, rememberAsked, login: keptLogin(input.auth) });
            set((state) => ({
              connecting: false,
              connection,
              rememberAsked,
              probe: null,
              probeError: null,
              disconnectError: null,
              recent: withRecent(state.recent, { host: input.host, port: connection.port, username: input.username }),
            }));
            void get().actions.probe();
            return { kind: 'connected' };
          },

          async probe() {
            const connection = get().connection;
            if (!connection || get().probing) return;
            set({ probing: true, probeError: null });
            const result = await window.nasbench.probeNas({ sessionId: connection.sessionId });
            if (get().connection?.sessionId !== connection.sessionId) {
              set({ probing: false });
              return;
            }
            set(result.ok ? { probing: false, probe: result.data } : { probing: false, probeError: result.error });
          },

          async restore() {
            const kept = readKeptConnection();
            const connection = get().connection;
            if (!kept || !connection) return 'none';
            set({ probing: true, probeError: null });
            const result = await window.nasbench.probeNas({ sessionId: connection.sessionId, kept: true });
            if (result.ok) {
              set({ probing: false, probe: result.data });
              return 'kept';
            }
            // The engine no longer has it (restarted, or the NAS dropped the login): log in again if we can.
            keepConnection(null);
            set({ probing: false, connection: null, probe: null });
            const auth = reconnectAuth(kept);
            const again =
              auth &&
              (await get().actions.connect({
                host: kept.target.host,
                port: kept.target.port,
                username: kept.connection.username,
                auth,
              }));
            if (again && again.kind === 'connected') return 'reconnected';
            set({ connectError: null });
            return 'lost';
          },

          async disconnect() {
            const connection = get().connection;
            if (!connection || get().disconnecting) return;
            set({ disconnecting: true, disconnectError: null });
            const result = await window.nasbench.disconnectNas({ sessionId: connection.sessionId });
            if (!result.ok) {
              set({ disconnecting: false, disconnectError: result.error });
              return;
            }
            keepConnection(null);
            set({ disconnecting: false, connection: null, probe: null, probeError: null, rememberAsked: false });
          },

          clearConnectError: () => set({ connectError: null }),

          pickNasFolder: (folder) =>
            changeWritePlaces(
              folder === null ? { typingNasFolder: true } : { typingNasFolder: false, pickedNasFolder: folder },
            ),
          typeNasFolder: (folder) => changeWritePlaces({ typedNasFolder: folder }),
          chooseShareFolder: (folder) => changeWritePlaces({ shareFolder: folder }),

          async loadMountedShares() {
            const { connection, probe } = get();
            const nas = connection ? { nas: nasIdentityOf(connection.host, probe?.nas) } : {};
            const result = await window.nasbench.listMountedShares(nas);
            // No list is no loss: the folder can always be typed.
            set({ mountedShares: result.ok ? result.data : [] });
          },
        },
      };
    },
    {
      name: 'nasbench.writePlaces',
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ writePlaces: state.writePlaces }),
    },
  ),
);

export const useSessionActions = () => useNasConnectionStore((state) => state.actions);

/** Where NASBench may write for the connected NAS, as chosen so far. */
export function selectWritePlaces(state: NasConnectionState): WritePlaces {
  return (state.connection && state.writePlaces[nasKey(state.connection)]) ?? noWritePlaces;
}

/** The connected NAS's mount points that tests may write in, as its probe listed them. */
export function selectNasMounts(state: NasConnectionState): string[] {
  const nas = state.probe?.nas;
  return nas ? testFolderChoices(nas).map((choice) => choice.folder) : [];
}

/** The folder on the connected NAS that disk tests and plans write in (inside a scratch folder). */
export function selectNasFolder(state: NasConnectionState): string {
  return nasFolderOf(selectWritePlaces(state), selectNasMounts(state));
}

/** What a refused connect means for the form: a question to ask, or an error to show. */
function connectFailed(error: AppError, input: ConnectInput): ConnectOutcome {
  const { fingerprint, keyType, secondFactor } = error.details ?? {};
  if (error.code === 'HOST_KEY_UNKNOWN' && typeof fingerprint === 'string') {
    useNasConnectionStore.setState({ connecting: false });
    return {
      kind: 'host-key-unknown',
      fingerprint,
      keyType: String(keyType ?? 'unknown'),
      knownAs: error.knownAs ?? [],
    };
  }
  // The code the user typed was wrong or stale: the error says so, and the field asks again.
  const codeWasTried = input.auth.kind === 'password' && input.auth.oneTimeCode !== undefined;
  if (error.code === 'AUTH_FAILED' && typeof secondFactor === 'string') {
    useNasConnectionStore.setState({ connecting: false, connectError: codeWasTried ? error : null });
    return { kind: 'code-needed', prompt: secondFactor };
  }
  useNasConnectionStore.setState({ connecting: false, connectError: error });
  if (error.code === 'HOST_KEY_MISMATCH' && typeof fingerprint === 'string') {
    return { kind: 'host-key-changed', fingerprint };
  }
  return { kind: 'failed' };
}
