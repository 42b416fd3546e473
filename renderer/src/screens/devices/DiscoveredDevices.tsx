import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  describeDeviceModel,
  serviceLabels,
  sshPortOf,
  type DiscoveredDevice,
  type RecentDevice,
} from '../../../../shared/contract/discovery';
import { Actions, Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorNotice } from '../../components/ErrorNotice';
import fieldStyles from '../../components/Field.module.css';
import { Notice } from '../../components/Notice';
import { useDevicesActions, useDevicesStore } from '../../stores/devices';
import { useNavigationActions } from '../../stores/navigation';
import type { NasAddress } from '../../stores/nas-connection';
import { formState } from '../../stores/store-helpers';
import text from '../../theme/text.module.css';
import styles from './DiscoveredDevices.module.css';

/**
 * NASes that answered on this computer's network (mDNS, SSDP), filled in live as answers
 * arrive; a search starts when the Devices screen first opens and again with "Search again".
 */
export function DiscoveredDevices({ onChoose }: { onChoose: (address: NasAddress) => void }) {
  const { devices, searching, searched, switchedOff, error } = useDevicesStore(useShallow(formState));
  const { search } = useDevicesActions();
  const { show } = useNavigationActions();
  // One search by itself when Devices is first shown (or while it is switched off, in case Settings
  // changed); after that only "Search again" asks the network.
  useEffect(() => {
    const state = useDevicesStore.getState();
    if ((!state.searched || state.switchedOff) && !state.searching) void search();
  }, [search]);

  const nases = devices.filter((device) => device.likelyNas);
  const others = devices.filter((device) => !device.likelyNas);
  return (
    <Card aria-labelledby="found-nases" aria-busy={searching} data-testid="discovered-devices">
      <h2 id="found-nases">NASes on your network</h2>
      {switchedOff ? (
        <Notice role="status" testId="discovery-off">
          <p>Searching the network is switched off in Settings, so NASBench sends nothing to find a NAS.</p>
          <Actions>
            <Button onClick={() => show('settings')}>Open Settings</Button>
          </Actions>
        </Notice>
      ) : (
        <p className={text.muted} role="status">
          {searching
            ? `Searching… ${devices.length > 0 ? `${devices.length} found so far.` : ''}`
            : searched
              ? `${nases.length} NAS${nases.length === 1 ? '' : 'es'} found.`
              : ''}
        </p>
      )}
      {error && <ErrorNotice title="The search did not work." error={error} />}
      {nases.length > 0 && <DeviceList devices={nases} onChoose={onChoose} testId="discovered-nases" />}
      {searched && !searching && !switchedOff && !error && nases.length === 0 && <NothingFound />}
      {others.length > 0 && (
        <details>
          <summary>Other devices that answered ({others.length})</summary>
          <DeviceList devices={others} onChoose={onChoose} testId="discovered-others" />
        </details>
      )}
      {!switchedOff && (
        <Actions>
          <Button data-testid="search-again" disabled={searching} onClick={() => void search()}>
            {searching ? 'Searching…' : 'Search again'}
          </Button>
        </Actions>
      )}
    </Card>
  );
}

function DeviceList({
  devices,
  onChoose,
  testId,
}: {
  devices: DiscoveredDevice[];
  onChoose: (address: NasAddress) => void;
  testId: string;
}) {
  return (
    <ul data-testid={testId}>
      {devices.map((device) => {
        const model = describeDeviceModel(device);
        const services = [...new Set(device.services.map((kind) => serviceLabels[kind]).filter(Boolean))];
        const address = device.addresses[0];
        return (
          <li key={device.id} data-testid="discovered-device">
            <strong>{device.name}</strong>
            {model && ` · ${model}`}
            {device.osVersion && <span className={text.muted}> ({device.osVersion})</span>}
            <br />
            <span className={text.muted}>
              {device.addresses.join(', ') || 'no address yet'}
              {services.length > 0 && ` · offers ${services.join(', ')}`}
            </span>
            {address && (
              <Actions>
                <Button onClick={() => onChoose({ host: address, port: sshPortOf(device) })}>Use {device.name}</Button>
              </Actions>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** What to check when nothing answered: the usual reasons, and the way that always works. */
function NothingFound() {
  return (
    <Notice title="No NAS answered." testId="nothing-found">
      <ul>
        <li>
          Is this computer on the same network as the NAS (the same subnet)? Guest Wi-Fi, a VPN or a second router keep
          them apart.
        </li>
        <li>
          Some routers and company networks block the multicast messages (mDNS, SSDP) a search uses, and some NASes have
          Bonjour or UPnP switched off.
        </li>
        <li>You can always type the NAS’s address below: the one you use to open its web page.</li>
      </ul>
    </Notice>
  );
}

/** NASes used before (kept in the data folder), to pick again without typing. */
export function DiscoveredRecentNases({ onChoose }: { onChoose: (address: NasAddress) => void }) {
  const remembered = useDevicesStore(useShallow((state) => state.remembered));
  const { loadRemembered } = useDevicesActions();
  useEffect(() => {
    void loadRemembered();
  }, [loadRemembered]);
  if (remembered.length === 0) return null;
  return (
    <div className={styles.recent}>
      <h3 id="recent-nas">Used before</h3>
      <ul className={styles.recentList} aria-labelledby="recent-nas" data-testid="recent-nas">
        {remembered.map((nas) => (
          <li key={`${nas.host}:${nas.port}`}>
            <Button onClick={() => onChoose({ host: nas.host, port: nas.port })}>{describeRemembered(nas)}</Button>
          </li>
        ))}
      </ul>
      <p className={fieldStyles.help}>Kept in NASBench’s data folder, without passwords.</p>
    </div>
  );
}

function describeRemembered(nas: RecentDevice): string {
  return `${nas.host}${nas.port === 22 ? '' : `, port ${nas.port}`}${nas.username ? ` · ${nas.username}` : ''}`;
}
