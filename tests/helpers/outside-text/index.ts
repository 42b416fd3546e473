import { patternAlone, repeat, stretch, type OutsideTextParser, type UnmeasuredFile } from './entries';
import { lanParsers } from './lan';
import { nasToolParsers } from './nas-tools';
import { probeParsers, thisComputerParsers } from './probe';
import { shareParsers } from './shares';
import { sharedParsers } from './shared-words';

export type { OutsideTextParser, UnmeasuredFile } from './entries';

/** Checks in the contract that see what a NAS or an imported file says. */
const contractParsers: OutsideTextParser[] = [
  patternAlone(
    'shared/contract/run-events.ts',
    /^[A-Za-z0-9-]{8,64}$/,
    { 'an id of letters': (bytes) => repeat('a', bytes) },
    'on an imported run’s id',
  ),
  patternAlone(
    'shared/contract/nas-folder.ts',
    // eslint-disable-next-line no-control-regex -- as nas-folder.ts writes it
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u,
    {
      'a folder of letters': (bytes) => stretch('/share/', 'a', '\u0001', bytes),
    },
    'on the folders the probe lists',
  ),
  patternAlone(
    'shared/util/scratch-marker.ts',
    /^\.nasbench-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
    {
      'a folder name of near-miss ids': (bytes) => stretch('.nasbench-', '0', '', bytes),
    },
    'on the folder names a share lists',
  ),
];

/**
 * Every parser of outside text, by where its text comes from. A new parser joins by adding an
 * entry here (or in the file for its source): its file, its patterns as written, and the inputs
 * that would hurt them most.
 */
export const outsideTextParsers: OutsideTextParser[] = [
  ...probeParsers,
  ...thisComputerParsers,
  ...shareParsers,
  ...lanParsers,
  ...nasToolParsers,
  ...sharedParsers,
  ...contractParsers,
];

const usersOwn = 'reads only what the user typed or chose';
const nasbenchsOwn = 'reads only NASBench’s own text';
const anonymiser = 'the report anonymiser’s patterns, measured in tests/unit/report-patterns-linear.test.ts';

/** Files whose patterns are not measured here, and why. */
export const unmeasuredFiles: UnmeasuredFile[] = [
  { file: 'electron/cli/arguments.ts', why: `${usersOwn} (command-line sizes)` },
  { file: 'electron/cli/program.ts', why: `${nasbenchsOwn} (commander’s messages)` },
  { file: 'electron/engine/copy/scratch-folder.ts', why: `${usersOwn} (the copy folder)` },
  { file: 'electron/engine/copy/share-path.ts', why: `${usersOwn} (the copy folder)` },
  { file: 'electron/engine/disk/job.ts', why: `${nasbenchsOwn} (job names, fio options)` },
  { file: 'electron/engine/load/job.ts', why: `${usersOwn} (a helper’s folder)` },
  { file: 'electron/engine/nas-view/reader-script.ts', why: `${nasbenchsOwn} (the reader script)` },
  { file: 'electron/engine/probe/nas-script.ts', why: `${nasbenchsOwn} (the probe script)` },
  { file: 'electron/engine/runs/busy-files.ts', why: `${nasbenchsOwn} (its busy-file names)` },
  { file: 'electron/engine/runs/steps/sweep.ts', why: `${nasbenchsOwn} (its install hints)` },
  { file: 'electron/engine/ssh/host-key.ts', why: 'reads a SHA-256 digest in base64 (44 characters)' },
  { file: 'electron/engine/ssh/login-shell.ts', why: `${nasbenchsOwn} (the commands it sends)` },
  { file: 'shared/contract/connect.ts', why: `${usersOwn} (host, user, a fingerprint it was shown)` },
  { file: 'shared/contract/copy.ts', why: `${usersOwn} (the copy folder)` },
  { file: 'shared/contract/discovery.ts', why: `${nasbenchsOwn} (discovery ids)` },
  { file: 'shared/util/shell-words.ts', why: `${nasbenchsOwn} (commands it quotes)` },
  { file: 'shared/util/units.ts', why: `${usersOwn} (sizes)` },
  { file: 'shared/kinds/copy/words.ts', why: `${usersOwn} (the copy folder)` },
  { file: 'shared/history/filter.ts', why: `${usersOwn} (the history filter)` },
  { file: 'shared/kinds/load/words.ts', why: `${usersOwn} (the helpers list)` },
  { file: 'shared/sweep/words.ts', why: `${usersOwn} (sweep sizes)` },
  { file: 'shared/report/anonymize.ts', why: anonymiser },
  { file: 'shared/report/command-lines.ts', why: anonymiser },
  { file: 'shared/report/embedded-run.ts', why: anonymiser },
  { file: 'shared/report/encoded-forms.ts', why: anonymiser },
  { file: 'shared/report/private-fields.ts', why: anonymiser },
  { file: 'shared/report/private-patterns.ts', why: anonymiser },
  { file: 'shared/report/private-replacer.ts', why: anonymiser },
];
