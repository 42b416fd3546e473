/**
 * Setup file for every integration test file: whatever a file does on the lab NAS, it leaves no
 * scratch folder (nor a folder of the load test's fio socket) behind. A test that leaked one used to show up as a failure in whichever later
 * file looked (the canary, once); this names the file that left it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect } from 'vitest';
import { nasExec, readLab } from '../lab/lab';

function scratchFolders(): string[] {
  const lab = readLab();
  const places = [lab.share, lab.tiny, ...Object.values(lab.users), ...Object.values(lab.field.users)].map((place) =>
    typeof place === 'string' ? place : place.home,
  );
  const found = nasExec(['find', ...places, '-type', 'd', '-name', '.nasbench-*', '-print0']);
  // The folders of the NAS's fio sockets (load test) are the lab logins' (root's are this machine's own tests).
  const sockets = nasExec([
    'find',
    '/tmp',
    '-maxdepth',
    '1',
    '-type',
    'd',
    '-name',
    'nasbench-fio.*',
    '!',
    '-user',
    'root',
    '-print0',
  ]);
  return [...found.stdout.split('\0'), ...sockets.stdout.split('\0')].filter(Boolean).sort();
}

let before: string[] = [];

beforeAll(() => {
  before = scratchFolders();
});

afterAll(async () => {
  // A step that ends on an abort removes its folder just after its promise settles: give it a moment.
  const left = () => scratchFolders().filter((folder) => !before.includes(folder));
  for (let waited = 0; left().length > 0 && waited < 5_000; waited += 250) await sleep(250);
  expect(left(), 'scratch folders this test file left on the lab NAS').toEqual([]);
});
