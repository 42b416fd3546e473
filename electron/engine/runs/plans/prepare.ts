import { statfs } from 'node:fs/promises';
import { NasbenchError } from '../../../../shared/contract/errors';
import type { CheckedPlanSettings, PlanPreview } from '../../../../shared/contract/plans';
import type { ProbeResult } from '../../../../shared/contract/connect';
import { findSharePath } from '../../copy';
import { givenLinkLegs, planLinkLegs } from '../../net';
import { probeThisComputer } from '../../probe';
import { describePlan, draftPlan } from './index';
import type { GuidedPlan, PlanFacts } from './types';

/** The facts a plan is computed from; the bonded-link plan also asks this computer's routes for the leg planner. */
export async function gatherPlanFacts(
  options: CheckedPlanSettings,
  host: string,
  probed: ProbeResult,
): Promise<PlanFacts> {
  const { nas, client } = probed;
  // Null when unknown: some shares report no sizes at all (smbnetfs, a few FUSE file systems), which is not "full".
  const shareFreeBytes = options.shareFolder
    ? await statfs(options.shareFolder).then(
        (info) => (info.blocks > 0 ? info.bavail * info.bsize : null),
        () => null,
      )
    : null;
  const links =
    options.plan !== 'bonded-link'
      ? null
      : options.legs
        ? givenLinkLegs(nas, options.legs)
        : await planLinkLegs(nas, async (address) => (await probeThisComputer(address)).route);
  // Looked up before the preview, so the plan can say before it starts that the "share" is a local folder, or another link's.
  const sharePath = options.shareFolder ? await findSharePath(options.shareFolder) : null;
  return { options, host, nas, client, shareFreeBytes, links, sharePath };
}

/** The plan and its preview; refused when there is nothing to run (every step left out). */
export function planToRun(facts: PlanFacts): { plan: GuidedPlan; preview: PlanPreview } {
  const plan = draftPlan(facts);
  const preview = describePlan(plan);
  const question = preview.steps.find((step) => step.askFirst)?.askFirst;
  if (question && !facts.options.useLocalShareFolder) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `${plan.title} did not start: the share folder ${facts.options.shareFolder ?? ''} is not a share of the NAS. ${question}`,
      'Choose a folder in a share of the NAS mounted on this computer, or say yes to copying in this folder anyway.',
    );
  }
  if (plan.steps.length === 0) {
    throw new NasbenchError(
      'INVALID_INPUT',
      `${plan.title} has nothing to run: ${plan.leftOut.map((left) => `${left.label}: ${left.reason}`).join(' ')}`,
      'Choose a folder on the NAS for the disk tests, or a mounted share for the copy tests.',
    );
  }
  return { plan, preview };
}
