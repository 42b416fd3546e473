import type { DiscoveredDevice } from '../../../shared/contract/discovery';
import { NasbenchError } from '../../../shared/contract/errors';
import { fetchDescription, readDescription } from './description';
import { DeviceBook } from './device-book';
import { searchInterfaces } from './interfaces';
import { browseMdns, type MdnsBrowser } from './mdns-browser';
import { descriptionUrlFor } from './ssdp';
import { searchSsdp, type SsdpSearch } from './ssdp-search';

export interface DiscoveryOptions {
  /** Discovery ends after this long, whatever is still on its way. */
  timeoutMs: number;
  /** Stops early (the user pressed cancel or left the screen); resolves with what was found. */
  signal?: AbortSignal;
  /** IPv4 addresses of this computer to search from; every suitable interface when absent. */
  interfaces?: readonly string[];
  /** Called with the whole list each time it changes (at most every `updateEveryMs`). */
  onUpdate?: (devices: DiscoveredDevice[]) => void;
  updateEveryMs?: number;
}

/** Descriptions fetched per discovery; a LAN with more UPnP devices than this is unusual. */
const maxDescriptions = 32;
/** A description that takes longer than this is not worth waiting for. */
const descriptionTimeoutMs = 2000;

/**
 * Finds NASes (and other devices) on the links of this computer with mDNS/DNS-SD and SSDP.
 * Always resolves by `timeoutMs`: answers still in flight, slow description servers and
 * sockets are all cut off then. Fails only when there is no interface to search on.
 */
export function discoverDevices(options: DiscoveryOptions): Promise<DiscoveredDevice[]> {
  const interfaces = searchInterfaces(options.interfaces);
  if (interfaces.length === 0) {
    return Promise.reject(
      new NasbenchError(
        'UNREACHABLE',
        'This computer has no network connection to search for a NAS on.',
        options.interfaces
          ? 'The chosen network interface is not connected. Pick another one, or type the NAS’s address.'
          : 'Connect to the network the NAS is on (Wi-Fi or cable), or type the NAS’s address.',
      ),
    );
  }

  return new Promise((resolve) => {
    const book = new DeviceBook();
    const fetches = new AbortController();
    const deadline = Date.now() + options.timeoutMs;
    const described = new Set<string>();
    const browsers: MdnsBrowser[] = [];
    const searches: SsdpSearch[] = [];
    let lastSent = '';
    let updateTimer: NodeJS.Timeout | undefined;
    let finished = false;

    const sendUpdate = () => {
      updateTimer = undefined;
      if (finished || !options.onUpdate) return;
      const devices = book.devices();
      const text = JSON.stringify(devices);
      if (text === lastSent) return;
      lastSent = text;
      options.onUpdate(devices);
    };
    const changed = () => {
      if (!updateTimer && !finished) updateTimer = setTimeout(sendUpdate, options.updateEveryMs ?? 150);
    };

    const describe = (url: URL, address: string) => {
      if (described.has(address) || described.size >= maxDescriptions) return;
      described.add(address);
      const timeoutMs = Math.min(descriptionTimeoutMs, deadline - Date.now());
      fetchDescription(url, { timeoutMs, signal: fetches.signal })
        .then((xml) => {
          const description = xml === null ? null : readDescription(xml);
          if (finished || !description) return;
          book.addSsdp({ address, description });
          changed();
        })
        .catch(() => undefined); // one device's description is never worth failing discovery for
    };

    // One interface failing (unplugged, port taken) must not end discovery on the others.
    const ignoreFailure = () => undefined;
    for (const { address } of interfaces) {
      browsers.push(
        browseMdns(
          address,
          (facts, from) => {
            book.addMdns(facts, from.address);
            changed();
          },
          ignoreFailure,
        ),
      );
      searches.push(
        searchSsdp(
          address,
          options.timeoutMs / 1000 - 1,
          (answer, from) => {
            book.addSsdp({ address: from, ...(answer.server ? { server: answer.server } : {}) });
            changed();
            const url = descriptionUrlFor(answer, from);
            if (url) describe(url, from);
          },
          ignoreFailure,
        ),
      );
    }

    const finish = () => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      clearTimeout(updateTimer);
      options.signal?.removeEventListener('abort', finish);
      fetches.abort();
      for (const browser of browsers) browser.stop();
      for (const search of searches) search.stop();
      resolve(book.devices());
    };
    const timer = setTimeout(finish, options.timeoutMs);
    if (options.signal?.aborted) finish();
    else options.signal?.addEventListener('abort', finish);
  });
}
