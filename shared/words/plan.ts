import type { PlanName, PlanSettings } from '../contract/plans';
import { maxTestSeconds, secondsRange } from '../contract/limits';
import { optionalWholeNumber } from './whole-numbers';

/**
 * The guided plan form (the plan, where it may write, and the lengths as typed) and its check
 * into the engine's input. Pure, so it can be tested without React.
 */
export interface PlanChoices {
  plan: PlanName;
  /** The folder on the NAS for the disk steps; one that is not a full path leaves them out. */
  nasFolder: string;
  /** A folder on this computer, normally a mounted share of this NAS; empty: no share steps. */
  shareFolder: string;
  /** As typed; empty means the plan's own. */
  networkSeconds: string;
  diskSeconds: string;
  /** Yes to the preview's question: copy in a share folder that is on this computer, not the NAS. */
  useLocalShareFolder: boolean;
  /** What the user calls this connection ("Cable", "Wi-Fi", their words); empty: suggested from the interface. */
  connection?: string;
}

export type PlanProblems = Partial<Record<'networkSeconds' | 'diskSeconds' | 'localShareFolder', string>>;

/** Under the preview's question when Start is pressed without an answer. */
export const unansweredLocalFolder =
  'Tick this to copy in this folder anyway, or choose a folder in a share of the NAS mounted on this computer.';

const secondsProblem = `${secondsRange.charAt(0).toUpperCase()}${secondsRange.slice(1)}, or empty.`;

/** The form as the engine's input, or what to fix, worded for the field it belongs to. */
export function checkPlanChoices(
  choices: PlanChoices,
  sessionId: string,
): { input: PlanSettings; problems?: undefined } | { problems: PlanProblems; input?: undefined } {
  const network = optionalWholeNumber(choices.networkSeconds, maxTestSeconds);
  const disk = optionalWholeNumber(choices.diskSeconds, maxTestSeconds);
  if (network === null || disk === null) {
    return {
      problems: {
        ...(network === null && { networkSeconds: secondsProblem }),
        ...(disk === null && { diskSeconds: secondsProblem }),
      },
    };
  }
  const nasFolder = choices.nasFolder.trim();
  const shareFolder = choices.shareFolder.trim();
  return {
    input: {
      plan: choices.plan,
      sessionId,
      ...(nasFolder.startsWith('/') && { nasFolder }),
      ...(shareFolder !== '' && { shareFolder }),
      ...(shareFolder !== '' && choices.useLocalShareFolder && { useLocalShareFolder: true }),
      ...(network !== undefined && { networkSeconds: network }),
      ...(disk !== undefined && { diskSeconds: disk }),
      ...(choices.connection?.trim() && { connection: choices.connection.trim().slice(0, 40) }),
    },
  };
}
