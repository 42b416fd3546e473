import { randomUUID } from 'node:crypto';
import type { Engine } from '../../electron/engine';
import type { RunRecord } from '../../shared/contract/runs';
import { nasExec } from '../lab/lab';
import { connectedEngine, lab } from '../integration/lab-login';

/**
 * A real Quick check in the lab, through the engine's contract (startPlan), saved by the store:
 * the network both ways over leg A, fio in a fresh folder on the NAS, and the share copy on the
 * lab's sshfs mount. Short steps, so the reports test runs in well under a minute.
 *
 * With `folderName`, fio runs in a new folder of that name in the lab's share and the share copy
 * in the same folder as this computer's mount shows it: a run whose folder is named as a user's.
 * With `nasFolder`, fio runs in a new folder at that full path instead (beside the lab's share, a
 * share of its own that the probe lists), and the copy in the lab's share; `tags` are the run's.
 */
export async function labQuickCheck(
  name: string,
  { folderName, nasFolder, tags = [] }: { folderName?: string; nasFolder?: string; tags?: string[] } = {},
): Promise<{ engine: Engine; record: RunRecord; cleanup: () => Promise<void> }> {
  const folder = nasFolder ?? `${lab.share}/${folderName ?? `report-${randomUUID()}`}`;
  const shareFolder = folderName ? `${lab.clientMount.path}/${folderName}` : lab.clientMount.path;
  const created = nasExec(['install', '-d', '-o', lab.users.test.name, '-g', lab.users.test.name, folder]);
  if (created.code !== 0) throw new Error(`could not make ${folder} on the lab NAS: ${created.stderr}`);
  const { engine, sessionId, events } = await connectedEngine(name);
  const cleanup = async () => {
    await engine.shutdown();
    nasExec(['rm', '-rf', folder]);
  };
  try {
    await engine.handlers.probeNas({ sessionId });
    const { runId } = await engine.handlers.startPlan({
      plan: 'quick',
      sessionId,
      nasFolder: folder,
      shareFolder,
      networkSeconds: 3,
      diskSeconds: 2,
      shareFileBytes: 32 * 2 ** 20,
      tags: ['lab', ...tags],
    });
    const deadline = Date.now() + 120_000;
    while (!events.some((event) => event.kind === 'end' && event.runId === runId)) {
      if (Date.now() > deadline) throw new Error('the Quick check did not end within 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { engine, record: await engine.handlers.getRun({ runId }), cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
