import { useId } from 'react';
import { maxTestSeconds } from '../../../../shared/contract/limits';
import { useShallow } from 'zustand/react/shallow';
import type { NetworkDirection } from '../../../../shared/contract/network';
import { maxStreamsOffered, maxUdpMbps } from '../../../../shared/kinds/network/words';
import { RadioChoices, type RadioOption } from '../../components/Choices';
import { CheckboxField, FieldGrid, FoldedFields, NumberField } from '../../components/Field';
import { TestPanel } from '../../components/TestPanel';
import { useNetworkTestActions, useNetworkTestStore } from './store';
import { selectTestSeconds, useSettingsStore } from '../../stores/settings';
import { LegList } from './LegList';
import { TcpFields, ThroughDiskFields } from './NetworkTestFields';

const protocols: RadioOption<'tcp' | 'udp'>[] = [
  { value: 'tcp', label: 'Throughput (TCP): as fast as the link goes', testId: 'protocol-tcp' },
  { value: 'udp', label: 'Loss and jitter (UDP) at a set rate, as calls and games send', testId: 'protocol-udp' },
];

const directions: RadioOption<NetworkDirection>[] = [
  { value: 'upload', label: 'This computer → NAS (upload)', testId: 'direction-upload' },
  { value: 'download', label: 'NAS → this computer (download)', testId: 'direction-download' },
  { value: 'bidir', label: 'Both at once', testId: 'direction-bidir' },
];

/**
 * The network test of the connected NAS: direction, length, streams and, folded away, several links;
 * or straight to the NAS's disks, which is one TCP stream one way, so those choices are not asked then.
 */
export function NetworkTestPanel({ nasHost }: { nasHost: string }) {
  const id = useId();
  const form = useNetworkTestStore(
    useShallow((state) => ({
      direction: state.direction,
      seconds: state.seconds,
      streams: state.streams,
      protocol: state.protocol,
      udpMbps: state.udpMbps,
      throughDisks: state.throughDisks,
      // Legs written for another NAS are not this one's: the section starts folded again.
      severalLinks: state.severalLinks && state.legsFor === nasHost && !state.throughDisks,
      legCount: state.legs.length,
      problems: state.problems,
      starting: state.starting,
      startError: state.startError,
    })),
  );
  const defaultSeconds = useSettingsStore(selectTestSeconds);
  const actions = useNetworkTestActions();
  const udp = form.protocol === 'udp' && !form.throughDisks;

  return (
    <TestPanel
      id={id}
      testId="network-test"
      title="Test the network"
      intro={form.throughDisks ? throughDisksIntro : networkIntro}
      wide
      starting={form.starting}
      startError={form.startError}
      start={actions.start}
      startButton={{
        testId: 'start-network',
        label: form.throughDisks
          ? 'Start the test through the disks'
          : startLabel(form.severalLinks ? form.legCount : 1),
        errorTitle: 'The network test did not start.',
      }}
    >
      <CheckboxField
        id={`${id}-through-disks`}
        label="Straight to the NAS’s disks"
        testId="network-through-disks"
        checked={form.throughDisks}
        onChange={(throughDisks) => actions.choose({ throughDisks })}
        help="iperf3 on the NAS writes what arrives into a file, or sends one from its disks, after timing the network alone and the disks alone: whichever is slower sets a copy’s pace."
      />
      {form.throughDisks ? (
        <ThroughDiskFields id={id} />
      ) : (
        <>
          <RadioChoices
            legend="Direction"
            name={`${id}-direction`}
            options={directions}
            value={form.direction}
            onChange={(direction) => actions.choose({ direction })}
          />
          <RadioChoices
            legend="What to measure"
            name={`${id}-protocol`}
            options={protocols}
            value={form.protocol}
            onChange={(protocol) => actions.choose({ protocol })}
          />
        </>
      )}
      <FieldGrid>
        {udp && (
          <NumberField
            id={`${id}-udp-rate`}
            label="Rate per stream (Mb/s)"
            testId="network-udp-rate"
            value={form.udpMbps}
            max={maxUdpMbps}
            onChange={(udpMbps) => actions.choose({ udpMbps })}
            problem={form.problems.udpMbps}
            help="UDP sends at this rate whatever the link carries: what does not fit is lost, and the test says how much."
          />
        )}
        <NumberField
          id={`${id}-seconds`}
          label="Test length (seconds)"
          testId="network-seconds"
          value={form.seconds ?? String(defaultSeconds)}
          max={maxTestSeconds}
          onChange={(seconds) => actions.choose({ seconds })}
          problem={form.problems.seconds}
          help="1 to 3600 s; the default is set in Settings."
        />
        {!form.throughDisks && (
          <NumberField
            id={`${id}-streams`}
            label="Parallel streams"
            testId="network-streams"
            value={form.streams}
            max={maxStreamsOffered}
            onChange={(streams) => actions.choose({ streams })}
            problem={form.problems.streams}
            help="Several streams can show more of a fast link than one can."
          />
        )}
      </FieldGrid>
      {!udp && <TcpFields id={id} />}
      {!form.throughDisks && (
        <FoldedFields
          summary="Several links (bonded / multi-link test)"
          summaryTestId="several-links"
          open={form.severalLinks}
          onToggle={(open) => open !== form.severalLinks && actions.showSeveralLinks(open)}
        >
          <p>
            A bond (LACP) keeps each connection on one of its links, so give each leg its own pair of addresses: then
            the streams can take different links, and the test shows whether they add up.
          </p>
          {form.severalLinks && <LegList />}
        </FoldedFields>
      )}
    </TestPanel>
  );
}

const networkIntro = 'Measures the raw speed between this computer and the NAS with iperf3, with no disks involved.';
const throughDisksIntro =
  'Measures the network and the NAS’s disks together, as a copy uses them: the network alone, the disks alone, then both at once.';

function startLabel(legs: number): string {
  return legs > 1 ? `Start the test over ${legs} links` : 'Start the network test';
}
