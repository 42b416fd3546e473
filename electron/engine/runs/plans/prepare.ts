import { statfs } from 'node:fs/promises';
import { NasbenchError } from '../../../../shared/errors';
import type { PlanOptions, PlanPreview } from '../../../../shared/plans';
import type { ClientFacts, NasFacts } from '../../../../shared/probe';
import { planLinkLegs } from '../../net/leg-planner';
import { probeClient } from '../../probe';
import type { ScratchFolder } from '../../ssh/scratch';
import type { NasSession } from '../../ssh/session';
import { planRunPlan } from '../orchestrator';
import type { RunPlan } from '../registry';
import { describePlan, draftPlan } from './index';
import type { PlanFacts } from './types';

/** What a plan needs from the connected NAS: its session, its probe (the engine keeps the last one), a scratch folder opener. */
export interface PlanAccess {
  session: NasSession;
  probe(): Promise<{ nas: NasFacts; client: ClientFacts }>;
  openScratch(folder: string, neededBytes: number): Promise<ScratchFolder>;
}

/** The facts a plan is computed from; the bonded-link plan also asks this computer's routes for the leg planner. */
export async function gatherPlanFacts(options: PlanOptions, access: PlanAccess): Promise<PlanFacts> {
  const { nas, client } = await access.probe();
  const shareFreeBytes = options.shareFolder
    ? await statfs(options.shareFolder).then(
        (info) => info.bavail * info.bsize,
        () => null,
      )
    : null;
  const links =
    options.plan === 'bonded-link'
      ? await planLinkLegs(nas, async (address) => (await probeClient(address)).route)
      : null;
  return { options, host: access.session.info.host, nas, client, shareFreeBytes, links };
}

export async function previewPlan(options: PlanOptions, access: PlanAccess): Promise<PlanPreview> {
  return describePlan(draftPlan(await gatherPlanFacts(options, access)));
}

/** The plan, ready for the registry; refused when there is nothing to run (every step left out). */
export async function preparePlanRun(
  options: PlanOptions,
  access: PlanAccess,
): Promise<{ preview: PlanPreview; run: RunPlan }> {
  const facts = await gatherPlanFacts(options, access);
  const draft = draftPlan(facts);
  const preview = describePlan(draft);
  if (draft.steps.length === 0) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `${draft.title} has nothing to run: ${draft.leftOut.map((left) => `${left.label}: ${left.reason}`).join(' ')}`,
      'Choose a folder on the NAS for the disk tests, or a mounted share for the copy tests.',
    );
  }
  const run = planRunPlan(draft, {
    session: access.session,
    nas: facts.nas,
    client: facts.client,
    openScratch: (folder, neededBytes) => access.openScratch(folder, neededBytes),
    parameters: { ...options },
  });
  return { preview, run };
}
