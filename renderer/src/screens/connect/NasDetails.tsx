import type { ProbeResult } from '../../../../shared/connect';
import {
  describeClientRoute,
  describeCpu,
  describeLinks,
  describeMemory,
  describeNasIdentity,
  describeTools,
  describeVolume,
  type Fact,
} from '../../../../shared/describe-nas';
import { PlainText } from '../../components/PlainText';

/** What the probe found about the NAS, and about this computer's way to it. */
export function NasDetails({ probe, address }: { probe: ProbeResult; address: string }) {
  const { nas, client } = probe;
  const identity = describeNasIdentity(nas, address);
  const { links, hidden } = describeLinks(nas);
  const tools = describeTools(nas.tools, nas.installHints);
  return (
    <section className="card nas-details" aria-labelledby="nas-name" data-testid="nas-details">
      <h2 id="nas-name">{identity.name}</h2>
      <p className="muted">{identity.summary}</p>
      <Facts
        facts={[
          { label: 'Address', value: address },
          { label: 'Processor', value: describeCpu(nas.cpu) },
          { label: 'Memory', value: describeMemory(nas.memoryBytes) },
        ]}
      />

      <h3>Network links</h3>
      <List items={links} empty="No network links were reported." testId="nas-links" />
      {hidden.length > 0 && (
        <p className="muted field__help">
          Not shown: {hidden.join(', ')} (internal links of containers, virtual machines or tunnels).
        </p>
      )}

      <h3>Storage</h3>
      <List items={nas.volumes.map(describeVolume)} empty="No volumes were reported." testId="nas-volumes" />

      <h3>Test tools on the NAS</h3>
      <ul className="fact-list" data-testid="nas-tools">
        {tools.tools.map((tool) => (
          <li key={tool.name} className={tool.present ? 'tool tool--present' : 'tool tool--missing'}>
            <span aria-hidden="true">{tool.present ? '✓ ' : '✗ '}</span>
            {tool.text}
          </li>
        ))}
      </ul>
      {tools.hints.map((hint) => (
        <p key={hint} className="notice notice--neutral">
          <PlainText text={hint} />
        </p>
      ))}

      <h3>How this computer reaches it</h3>
      <Facts facts={describeClientRoute(client.route)} testId="client-route" />
    </section>
  );
}

function Facts({ facts, testId }: { facts: Fact[]; testId?: string }) {
  return (
    <dl className="facts" data-testid={testId}>
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt>{fact.label}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "nbn-a · 10 GbE · 198.18.1.2 · up", with the name, which people look for first, in bold. */
function List({ items, empty, testId }: { items: string[]; empty: string; testId: string }) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="fact-list" data-testid={testId}>
      {items.map((item) => {
        const [name, ...rest] = item.split(' · ');
        return (
          <li key={item}>
            <strong>{name}</strong>
            {rest.length > 0 && ` · ${rest.join(' · ')}`}
          </li>
        );
      })}
    </ul>
  );
}
