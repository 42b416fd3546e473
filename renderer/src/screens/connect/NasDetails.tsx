import type { ProbeResult } from '../../../../shared/contract/connect';
import {
  describeClientRoute,
  describeLinks,
  describeNasFacts,
  describeNasIdentity,
  describeTools,
  describeVolume,
} from '../../../../shared/words/describe-nas';
import { Card } from '../../components/Card';
import { Facts } from '../../components/Facts';
import { Notice } from '../../components/Notice';
import { PlainText } from '../../components/PlainText';
import { Term, TermText } from '../../components/Term';
import fieldStyles from '../../components/Field.module.css';
import text from '../../theme/text.module.css';
import styles from './NasDetails.module.css';

/** What the probe found about the NAS, and about this computer's way to it. */
export function NasDetails({ probe, address }: { probe: ProbeResult; address: string }) {
  const { nas, client } = probe;
  const identity = describeNasIdentity(nas, address);
  const { links, hidden } = describeLinks(nas);
  const tools = describeTools(nas.tools, nas.installHints, nas.refusedTools);
  return (
    <Card aria-labelledby="nas-name" data-testid="nas-details">
      <h2 id="nas-name">{identity.name}</h2>
      <p className={text.muted}>{identity.summary}</p>
      <Facts facts={describeNasFacts(nas, address)} />

      <h3>Network links</h3>
      <p className={fieldStyles.help}>
        Each by the name the NAS gives it (its <Term id="interface">interface</Term>), then its speed, address and
        state.
      </p>
      <List items={links} empty="No network links were reported." testId="nas-links" />
      {hidden.length > 0 && (
        <p className={fieldStyles.help}>
          Not shown: {hidden.join(', ')} (internal links of containers, virtual machines or tunnels).
        </p>
      )}

      <h3>Storage</h3>
      <List items={nas.volumes.map(describeVolume)} empty="No volumes were reported." testId="nas-volumes" terms />

      <h3>Test tools on the NAS</h3>
      <ul className={styles.list} data-testid="nas-tools">
        {tools.tools.map((tool) => (
          <li key={tool.name} className={tool.present ? styles.present : styles.missing}>
            <span aria-hidden="true">{tool.present ? '✓ ' : '✗ '}</span>
            <TermText text={tool.text} />
          </li>
        ))}
      </ul>
      {tools.hints.map((hint) => (
        <Notice key={hint} as="p">
          <PlainText text={hint} terms />
        </Notice>
      ))}
      {tools.refused.map((line) => (
        <Notice key={line} as="p" testId="nas-refused-tool">
          <PlainText text={line} />
        </Notice>
      ))}

      <h3>How this computer reaches it</h3>
      <Facts facts={describeClientRoute(client.route)} testId="client-route" />
      {probe.link?.findings.map((finding) => (
        <Notice key={finding.id} as="p" testId={`link-finding-${finding.id}`}>
          <TermText text={finding.text} />
        </Notice>
      ))}
    </Card>
  );
}

/**
 * "nbn-a · 10 GbE · 198.18.1.2 · up", with the name, which people look for first, in bold; with
 * `terms`, the expert words after it (a file system called tmpfs) explained.
 */
function List({
  items,
  empty,
  testId,
  terms = false,
}: {
  items: string[];
  empty: string;
  testId: string;
  terms?: boolean;
}) {
  if (items.length === 0) return <p className={text.muted}>{empty}</p>;
  return (
    <ul className={styles.list} data-testid={testId}>
      {items.map((item) => {
        const [name, ...rest] = item.split(' · ');
        const after = rest.length > 0 ? ` · ${rest.join(' · ')}` : '';
        return (
          <li key={item}>
            <strong>{name}</strong>
            {terms ? <TermText text={after} /> : after}
          </li>
        );
      })}
    </ul>
  );
}
