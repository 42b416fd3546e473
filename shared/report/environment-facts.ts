import {
  describeClientRoute,
  describeLinks,
  describeMemory,
  describeNasFacts,
  describeNasIdentity,
  describeTools,
  describeVolume,
  type Fact,
} from '../words/describe-nas';
import type { RunRecord } from '../contract/runs';

/**
 * Where and with what a run was made, as label/value lines: the NAS (model, OS, CPU, RAM, file
 * systems, links), this computer (OS, RAM, its link to the NAS) and the tool versions. What a
 * forum reader asks first, before trusting a figure.
 */
export function environmentFacts(record: RunRecord): { nas: Fact[]; client: Fact[]; tools: Fact[] } {
  const { nas, client, app, tools, target } = record.environment;
  const nasFacts: Fact[] = [];
  if (nas) {
    // The app's facts (the address, processor, memory), with the name and model the app shows as its heading.
    const identity = describeNasIdentity(nas, target);
    const [address, ...machine] = describeNasFacts(nas, target);
    if (address) nasFacts.push(address);
    nasFacts.push({ label: 'Name', value: identity.name }, { label: 'Model and system', value: identity.summary });
    nasFacts.push(...machine);
    for (const volume of nas.volumes) nasFacts.push({ label: 'Volume', value: describeVolume(volume) });
    for (const link of describeLinks(nas).links) nasFacts.push({ label: 'Link', value: link });
  } else {
    nasFacts.push(
      { label: 'Address', value: target },
      { label: 'Facts', value: 'The NAS was not probed for this run.' },
    );
  }
  const clientFacts: Fact[] = [
    { label: 'NASBench', value: `${app.name} ${app.version} (${app.platform} ${app.arch}, Node ${app.node})` },
  ];
  if (client) {
    clientFacts.push({ label: 'System', value: `${client.os.platform} ${client.os.release}` });
    clientFacts.push({ label: 'Memory', value: describeMemory(client.memoryBytes) });
    // The screen's glossary terms stay on the screen: a report's facts are label and value.
    clientFacts.push(
      ...describeClientRoute(client.route).map(({ label, value }) => ({ label: `Link: ${label}`, value })),
    );
  }
  const toolFacts: Fact[] = Object.entries(tools).map(([name, version]) => ({ label: name, value: version }));
  if (nas) {
    for (const status of describeTools(nas.tools, nas.installHints, nas.refusedTools).tools) {
      if (!(status.name in tools)) toolFacts.push({ label: status.name, value: status.text });
    }
  }
  return { nas: nasFacts, client: clientFacts, tools: toolFacts };
}
