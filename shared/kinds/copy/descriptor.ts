import type { CopyRunDetails } from '../../contract/copy';
import type { KindDescriptor, PrivateField } from '../descriptor';
import { copyText } from './cli-text';
import { addCopy, copyNasView } from './figures';
import { copyCharts, copyRows, copyTitle } from './report';

/** Copying files to and from a mounted share (or a folder on this computer): sequential, small files, the cache wall. */
export const copyKind: KindDescriptor<CopyRunDetails> = {
  title: copyTitle,
  addFigures: addCopy,
  nasView: copyNasView,
  reportRows: copyRows,
  reportCharts: copyCharts,
  reportSection: null,
  // Compared from the verdicts' share figures, by direction, whatever the protocol.
  compareFigures: () => [],
  headlineTests: (result) => result.tests,
  cliText: copyText,
  privateFields: folderPrivateFields,
  endDetails: (result) => result,
};

/** The folder a test ran in and the share it is on: what names the user's server, account and folders. */
export function folderPrivateFields(
  result: Pick<CopyRunDetails, 'dir' | 'share'> & { path?: { server: string | null } | undefined },
): PrivateField[] {
  return [
    ['path', result.dir],
    ['host', result.share?.server],
    ['user', result.share?.user],
    [result.share?.share.startsWith('/') ? 'path' : 'share', result.share?.share],
    ['path', result.share?.localPath],
    ['host', result.path?.server],
  ];
}
