import { create } from 'zustand';
import type { AppError } from '../../../../shared/contract/errors';
import type { NetworkDirection } from '../../../../shared/contract/network';
import {
  checkNetworkTestChoices,
  legLink,
  nasAddressChoices,
  suggestedLegs,
  type LegChoice,
  type LegLink,
  type NetworkTestProblems,
  type ThroughDiskWay,
} from '../../../../shared/kinds/network/words';
import { beginStart, endStart } from '../../stores/start-run';
import { selectNasFolder, useNasConnectionStore } from '../../stores/nas-connection';
import { selectTestSeconds, useSettingsStore } from '../../stores/settings';

/** One leg as typed; `key` keeps React (and focus) on the right row when legs are removed. */
export interface LegDraft extends LegChoice {
  key: number;
  /** The user picked "another address" rather than one the NAS reported. */
  typedNasAddress: boolean;
}

/** What Results needs to say "94% of a 1 GbE link": the links as they were when the run started. */
export interface NetworkRunLinks {
  direction: NetworkDirection;
  /** One per leg, in the order of the run's `leg-1`, `leg-2`, … series. */
  links: LegLink[];
}

export const maxLegs = 8;

type ChosenField =
  | 'direction'
  | 'seconds'
  | 'streams'
  | 'protocol'
  | 'udpMbps'
  | 'writeSizes'
  | 'socketBuffer'
  | 'throughDisks'
  | 'diskWay';

interface NetworkTestState {
  direction: NetworkDirection;
  /** As typed; null until the user types, so the length follows the default in Settings. */
  seconds: string | null;
  streams: string;
  /** TCP (as fast as the link goes) or UDP at `udpMbps` per stream (loss and jitter). */
  protocol: 'tcp' | 'udp';
  udpMbps: string;
  /** TCP only, as typed: write sizes ("4k, 64k", one test each) and the socket buffer at the NAS. */
  writeSizes: string;
  socketBuffer: string;
  /** Straight to the NAS's disks (or from them), in the session's NAS folder, the way `diskWay` says. */
  throughDisks: boolean;
  diskWay: ThroughDiskWay;
  severalLinks: boolean;
  legs: LegDraft[];
  /** The NAS the legs were written for: another NAS gets its own suggestions. */
  legsFor: string | null;
  problems: NetworkTestProblems;
  starting: boolean;
  startError: AppError | null;
  linksByRun: Record<string, NetworkRunLinks>;
  actions: {
    choose(change: Partial<Pick<NetworkTestState, ChosenField>>): void;
    showSeveralLinks(open: boolean): void;
    addLeg(): void;
    removeLeg(key: number): void;
    changeLeg(key: number, change: Partial<Omit<LegDraft, 'key'>>): void;
    /** Starts the test on the connected NAS; true when it started. */
    start(): Promise<boolean>;
  };
}

export const useNetworkTestStore = create<NetworkTestState>()((set, get) => {
  let nextKey = 1;
  const draft = (leg: LegChoice): LegDraft => ({ ...leg, key: nextKey++, typedNasAddress: false });

  return {
    direction: 'upload',
    seconds: null,
    streams: '1',
    protocol: 'tcp',
    udpMbps: '100',
    writeSizes: '',
    socketBuffer: '',
    throughDisks: false,
    diskWay: 'to-disk',
    severalLinks: false,
    legs: [],
    legsFor: null,
    problems: {},
    starting: false,
    startError: null,
    linksByRun: {},
    actions: {
      choose: (change) => set(change),

      showSeveralLinks(open) {
        set({ severalLinks: open, problems: {} });
        const { connection, probe } = useNasConnectionStore.getState();
        // Filled in the first time for each NAS only: after that the list is the user's.
        if (open && connection && get().legsFor !== connection.host) {
          set({ legs: suggestedLegs(connection.host, probe).map(draft), legsFor: connection.host });
        }
      },

      addLeg() {
        const { legs } = get();
        if (legs.length >= maxLegs) return;
        // The next NAS address no leg uses yet: a new leg is usually for the next link.
        const probe = useNasConnectionStore.getState().probe;
        const unused = probe && nasAddressChoices(probe.nas).find((c) => !legs.some((l) => l.nasAddress === c.address));
        set({ legs: [...legs, draft({ nasAddress: unused?.address ?? '', localAddress: '' })] });
      },

      removeLeg(key) {
        set((state) => ({ legs: state.legs.length > 1 ? state.legs.filter((leg) => leg.key !== key) : state.legs }));
      },

      changeLeg(key, change) {
        set((state) => ({ legs: state.legs.map((leg) => (leg.key === key ? { ...leg, ...change } : leg)) }));
      },

      async start() {
        const session = useNasConnectionStore.getState();
        const { connection, probe } = session;
        if (!connection || get().starting) return false;
        const state = get();
        // Through the disks is TCP on one link: the several-links and UDP choices stay as typed, unused.
        const disk = state.throughDisks ? { way: state.diskWay, folder: selectNasFolder(session) } : null;
        const udp = state.protocol === 'udp' && !disk;
        const choices = {
          direction: state.direction,
          seconds: state.seconds ?? String(selectTestSeconds(useSettingsStore.getState())),
          streams: state.streams,
          legs: state.severalLinks && !disk ? state.legs : null,
          ...(udp ? { udpMbps: state.udpMbps } : { writeSizes: state.writeSizes, socketBuffer: state.socketBuffer }),
          disk,
        };
        const checked = checkNetworkTestChoices(choices, connection.sessionId);
        const input = beginStart(set, checked, {});
        const runId = input && endStart(set, await window.nasbench.startNetworkRun(input));
        if (runId === undefined || !input) return false;
        // Results word the figure as a share of the links; remember them for this run.
        const legs = input.legs ?? [{ target: connection.host }];
        const links = probe ? legs.map((leg) => legLink(leg, probe, connection.host)) : [];
        set((current) => ({
          linksByRun: { ...current.linksByRun, [runId]: { direction: input.direction ?? 'upload', links } },
        }));
        return true;
      },
    },
  };
});

export const useNetworkTestActions = () => useNetworkTestStore((state) => state.actions);
