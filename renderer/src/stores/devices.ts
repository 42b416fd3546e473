import { create } from 'zustand';
import type { DevicesChanged, DiscoveredDevice, RecentDevice } from '../../../shared/contract/discovery';
import type { AppError } from '../../../shared/contract/errors';
import { sameNas, useNasConnectionStore } from './nas-connection';

/** How long one search listens; long enough for a sleepy NAS, short enough to wait for. */
export const searchSeconds = 5;
/** If the engine's last event never arrives (engine restarted, socket lost), the search still ends. */
const lostEventGraceMs = 5000;

interface DevicesState {
  /** The search whose events count; answers of an older one are ignored. */
  discoveryId: string | null;
  devices: DiscoveredDevice[];
  searching: boolean;
  /** At least one search ended (so "nothing found" can be said). */
  searched: boolean;
  /** The user switched discovery off in Settings. */
  switchedOff: boolean;
  error: AppError | null;
  /** NASes used before, newest first, from the data folder. */
  remembered: RecentDevice[];
  actions: {
    search(): Promise<void>;
    receive(event: DevicesChanged): void;
    loadRemembered(): Promise<void>;
  };
}

export const useDevicesStore = create<DevicesState>()((set, get) => {
  // An event can overtake the answer to startDiscovery (e.g. "no network" ends it at once).
  let early: DevicesChanged | null = null;
  let starting = false;
  let guard: ReturnType<typeof setTimeout> | undefined;

  const takeEarly = () => {
    const event = early;
    early = null;
    return event;
  };
  const apply = (event: DevicesChanged) => {
    if (event.discoveryId !== get().discoveryId) return;
    if (!event.finished) return set({ devices: event.devices });
    clearTimeout(guard);
    set({ devices: event.devices, searching: false, searched: true, error: event.error ?? null });
  };

  return {
    discoveryId: null,
    devices: [],
    searching: false,
    searched: false,
    switchedOff: false,
    error: null,
    remembered: [],
    actions: {
      async search() {
        if (starting) return;
        starting = true;
        early = null;
        set({ searching: true, error: null, switchedOff: false, devices: [] });
        const result = await window.nasbench.startDiscovery({ timeoutSeconds: searchSeconds });
        starting = false;
        if (!result.ok) {
          const switchedOff = result.error.code === 'PERMISSION_DENIED';
          set({ searching: false, searched: true, switchedOff, error: switchedOff ? null : result.error });
          return;
        }
        set({ discoveryId: result.data.discoveryId });
        const overtaking = takeEarly();
        if (overtaking?.discoveryId === result.data.discoveryId) apply(overtaking);
        clearTimeout(guard);
        guard = setTimeout(
          () => {
            if (get().discoveryId === result.data.discoveryId && get().searching)
              set({ searching: false, searched: true });
          },
          searchSeconds * 1000 + lostEventGraceMs,
        );
      },

      receive(event) {
        if (starting) early = event;
        else apply(event);
      },

      async loadRemembered() {
        const result = await window.nasbench.listRecentDevices();
        if (!result.ok) return; // the list is a convenience: without it, typing the address still works
        set({ remembered: result.data });
        // Login names of earlier sessions fill in the login form, as this session's do.
        useNasConnectionStore
          .getState()
          .actions.addEarlierNases(result.data.map(({ host, port, username }) => ({ host, port, username })));
      },
    },
  };
});

/**
 * Keeps the data folder's list in step with the NASes chosen and logged in to this session:
 * whenever the newest entry of the session's list changes, it is remembered (with its user name).
 */
export function rememberChosenNases(): () => void {
  return useNasConnectionStore.subscribe((state, previous) => {
    const newest = state.recent[0];
    const before = previous.recent[0];
    if (!newest || (before && sameNas(newest, before) && newest.username === before.username)) return;
    // Loading the remembered list into the session must not count as using its newest NAS again.
    const top = useDevicesStore.getState().remembered[0];
    if (top && sameNas(top, newest) && top.username === newest.username) return;
    void window.nasbench
      .rememberDevice({ host: newest.host, port: newest.port, username: newest.username })
      .then((result) => {
        if (result.ok) useDevicesStore.setState({ remembered: result.data });
      });
  });
}

export const useDevicesActions = () => useDevicesStore((state) => state.actions);

/** The vendor discovery saw for the NAS at this address or name (for brand-specific help); null when unknown. */
export const selectVendorOf =
  (host: string) =>
  (state: Pick<DevicesState, 'devices'>): string | null => {
    const key = host.toLowerCase();
    const device = state.devices.find(
      (candidate) =>
        candidate.addresses.includes(host) ||
        candidate.hostname?.toLowerCase() === key ||
        candidate.name.toLowerCase() === key,
    );
    return device?.vendor ?? null;
  };
