import { create } from 'zustand';
import type { ConnectInput, Connection, ProbeResult } from '../../../shared/connect';
import type { AppError } from '../../../shared/errors';

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

/** How a connect attempt ended; a new host key is a question for the user, not an error. */
export type ConnectOutcome =
  { kind: 'connected' } | { kind: 'host-key-unknown'; fingerprint: string; keyType: string } | { kind: 'failed' };

interface SessionState {
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
  actions: {
    chooseNas(address: NasAddress): void;
    loadSavedLogin(username: string): Promise<void>;
    forgetPassword(username: string): Promise<void>;
    /** The input (with its password) is passed through and never kept here. */
    connect(input: ConnectInput): Promise<ConnectOutcome>;
    probe(): Promise<void>;
    disconnect(): Promise<void>;
    clearConnectError(): void;
  };
}

const recentLimit = 5;

export const sameNas = (a: NasAddress, b: NasAddress) =>
  a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port;

function withRecent(recent: RecentNas[], entry: RecentNas): RecentNas[] {
  const previous = recent.find((item) => sameNas(item, entry));
  const merged = { ...entry, username: entry.username ?? previous?.username ?? null };
  return [merged, ...recent.filter((item) => !sameNas(item, entry))].slice(0, recentLimit);
}

export const useSessionStore = create<SessionState>()((set, get) => {
  // Answers about saved logins can arrive out of order while the user types: only the latest one counts.
  let savedLoginRequest = 0;
  const loginQuery = (username: string) => {
    const target = get().target;
    return target ? { host: target.host, port: target.port, username } : null;
  };

  return {
    target: null,
    recent: [],
    savedLogin: null,
    savedLoginError: null,
    connecting: false,
    connectError: null,
    connection: null,
    rememberAsked: false,
    probe: null,
    probing: false,
    probeError: null,
    disconnecting: false,
    disconnectError: null,
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
        if (!result.ok) {
          const { fingerprint, keyType } = result.error.details ?? {};
          if (result.error.code === 'HOST_KEY_UNKNOWN' && typeof fingerprint === 'string') {
            set({ connecting: false });
            return { kind: 'host-key-unknown', fingerprint, keyType: String(keyType ?? 'unknown') };
          }
          set({ connecting: false, connectError: result.error });
          return { kind: 'failed' };
        }
        // One NAS at a time: a new connection replaces the one before it.
        const previous = get().connection;
        if (previous) void window.nasbench.disconnectNas({ sessionId: previous.sessionId });
        const connection = result.data;
        set((state) => ({
          connecting: false,
          connection,
          rememberAsked: input.auth.kind === 'password' && input.auth.remember === true,
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
        if (get().connection?.sessionId !== connection.sessionId) return set({ probing: false });
        set(result.ok ? { probing: false, probe: result.data } : { probing: false, probeError: result.error });
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
        set({ disconnecting: false, connection: null, probe: null, probeError: null, rememberAsked: false });
      },

      clearConnectError: () => set({ connectError: null }),
    },
  };
});

export const useSessionActions = () => useSessionStore((state) => state.actions);
