import type { NetworkResult } from '../../../../shared/contract/runs';
import { describeDelay } from '../../../../shared/kinds/network/delay';
import { describeUdp } from '../../../../shared/kinds/network/udp';
import { formatRate, formatSeconds, type RateUnit } from '../../../../shared/util/units';
import { linkAsSubject } from '../../../../shared/words/spread';
import { Headline } from '../../components/Headline';
import { UnsteadyNote } from '../../components/Spread';
import { TermText } from '../../components/Term';
import text from '../../theme/text.module.css';
import type { ResultViewProps } from '../types';
import styles from './NetworkFigure.module.css';

type Leg = NetworkResult['legs'][number];

const directionWords = {
  upload: 'This computer to the NAS',
  download: 'The NAS to this computer',
  bidir: 'Both ways at once',
} as const;

/** A network test's figure and its legs, as saved (receiver-side goodput, as iperf3 reports it). */
export function NetworkFigure({ result, unit, route }: ResultViewProps<NetworkResult>) {
  const { spread } = result.summary;
  return (
    <div data-testid="saved-network-result">
      <Headline
        label={
          directionWords[result.direction] + (result.legs.length > 1 ? `, ${result.legs.length} links at once` : '')
        }
        value={formatRate(result.summary.bitsPerSecond / 8, unit)}
        valueTestId="saved-network-figure"
        spread={spread}
      />
      {/* Several links at once went over more than the one route the probe looked at: no link is named. */}
      <UnsteadyNote spread={spread} subject={result.legs.length > 1 ? null : linkAsSubject(route?.type)} />
      {result.method === 'ssh' && (
        <p className={text.muted}>
          Measured by copying over SSH (iperf3 was missing): a lower bound, not the link’s speed.
        </p>
      )}
      {result.legs.length > 1 && <LegBars legs={result.legs} unit={unit} />}
      {result.latency && <p data-testid="saved-network-delay">{describeDelay(result.latency)}.</p>}
      {result.udp && (
        <p data-testid="saved-network-udp">
          <TermText text={describeUdp(result.udp, unit)} />.
        </p>
      )}
      {result.note && (
        <p className={text.muted}>
          <TermText text={result.note} />
        </p>
      )}
    </div>
  );
}

/** A bar per leg of a multi-link test, on one scale: a bond that spreads its streams shows bars of one length. */
function LegBars({ legs, unit }: { legs: Leg[]; unit: RateUnit }) {
  const fastest = Math.max(1, ...legs.map((leg) => leg.bitsPerSecond));
  return (
    <ul className={styles.legBars} data-testid="leg-bars" aria-label="Each link of the test">
      {legs.map((leg) => (
        <li key={`${leg.bindAddress ?? ''}-${leg.target}-${leg.port}`}>
          <span>
            {leg.bindAddress ? `${leg.bindAddress} → ` : ''}
            {leg.target}
          </span>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.bar} style={{ width: `${(100 * leg.bitsPerSecond) / fastest}%` }} />
          </span>
          <span className={styles.value} data-testid="leg-bar-value">
            {formatRate(leg.bitsPerSecond / 8, unit)} over {formatSeconds(leg.seconds)}
          </span>
        </li>
      ))}
    </ul>
  );
}
