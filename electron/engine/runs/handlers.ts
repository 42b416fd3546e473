import { NasbenchError } from '../../../shared/contract/errors';
import type { MethodHandlers } from '../../../shared/contract';
import type { ConnectionManager } from '../connections/manager';
import type { LoadLeftovers } from '../load';
import type { RunLifecycle } from './registry';
import { describePlan, draftPlan } from './plans';
import { gatherPlanFacts, planToRun } from './plans/prepare';
import type { Plan } from './plans/types';
import { onThisComputer, runRequestOf, type RunDeps } from './run-steps';
import {
  diskSweepPlan,
  diskTestPlan,
  loadPlan,
  loopbackPlan,
  networkTestPlan,
  shareBenchPlan,
  shareCopyPlan,
} from './single-tests';
import type { StepFacts } from './steps/types';

type RunHandlers = Pick<
  MethodHandlers,
  | 'startDemoRun'
  | 'cancelRun'
  | 'listRunningRuns'
  | 'startDiskRun'
  | 'startDiskSweep'
  | 'startNetworkRun'
  | 'startShareCopyRun'
  | 'startShareBenchRun'
  | 'startLoadRun'
  | 'previewPlan'
  | 'startPlan'
>;

/**
 * The runs of the contract. Every test starts the same way: the plan (a single test is a plan of
 * one step) is computed from the connection's last probe, and run by run-steps.ts under the run
 * lifecycle (one run per NAS, saved when it ends).
 */
export function runHandlers(
  runs: RunLifecycle,
  connections: ConnectionManager,
  loadLeftovers: LoadLeftovers,
): RunHandlers {
  /** The NAS of a session as a run needs it: its session, its probe, the way to its scratch folders. */
  const onNas = async (sessionId: string, parameters: Record<string, unknown>) => {
    const session = connections.session(sessionId);
    const { nas, client } = await connections.probed(sessionId);
    const facts: StepFacts = { host: session.info.host, nas, client };
    const deps: RunDeps = {
      session,
      nas,
      client,
      parameters,
      openScratch: (folder, runId, neededBytes) => connections.openScratch(sessionId, folder, runId, neededBytes),
    };
    return { session, facts, deps };
  };
  const start = async (plan: Plan, deps: RunDeps) => ({ runId: await runs.start(runRequestOf(plan, deps)) });

  return {
    startDemoRun: (input) => start(loopbackPlan(input), onThisComputer(input)),
    cancelRun: async ({ runId }) => ({ cancelled: runs.cancel(runId) }),
    listRunningRuns: async () => runs.running().map((events) => ({ events })),
    startDiskRun: async (input) => {
      const { session, facts, deps } = await onNas(input.sessionId, input);
      return start(diskTestPlan(input, facts, session.info.port), deps);
    },
    startDiskSweep: async (input) => {
      const { session, facts, deps } = await onNas(input.sessionId, input);
      return start(diskSweepPlan(input, facts, session.info.port), deps);
    },
    startNetworkRun: async (input) => {
      const { session, facts, deps } = await onNas(input.sessionId, input);
      return start(networkTestPlan(input, facts, session.info.port), deps);
    },
    startShareCopyRun: async (input) =>
      start(
        shareCopyPlan(input, null),
        input.sessionId ? (await onNas(input.sessionId, input)).deps : onThisComputer(input),
      ),
    startShareBenchRun: async (input) => {
      if (!input.sessionId) {
        if (input.nasFolder)
          throw new NasbenchError(
            'INVALID_INPUT',
            'The NAS’s own disks can only be tested with its login.',
            'Connect to the NAS first, or leave out the folder as the NAS sees it.',
          );
        return start(shareBenchPlan(input, null), onThisComputer(input));
      }
      const { facts, deps } = await onNas(input.sessionId, input);
      return start(shareBenchPlan(input, facts), deps);
    },
    // With the NAS itself as one more computer, the run needs its session (and is that NAS's one run).
    startLoadRun: async (input) =>
      start(
        loadPlan(input, loadLeftovers),
        input.nas ? (await onNas(input.nas.sessionId, input)).deps : onThisComputer(input),
      ),
    previewPlan: async (input) => {
      const session = connections.session(input.sessionId);
      return describePlan(
        draftPlan(await gatherPlanFacts(input, session.info.host, await connections.probed(input.sessionId))),
      );
    },
    startPlan: async (input) => {
      const { session, deps } = await onNas(input.sessionId, { ...input });
      const facts = await gatherPlanFacts(input, session.info.host, await connections.probed(input.sessionId));
      const { plan, preview } = planToRun(facts);
      return { ...(await start(plan, deps)), preview };
    },
  };
}
