import type { CopyRunDetails } from '../../contract/copy';
import type { RunRecord } from '../../contract/runs';
import type { Figures, NasViewFigure, ShareApart, ShareFigure } from '../../verdicts/figures';
import { copyCache } from '../../words/cache';
import { copyOverOtherLink, describeCopyPlace } from './share-path';

/** A copy over another link than the run's, or to a folder on this computer, measured another path. */
export function copyNasView(result: CopyRunDetails, record: RunRecord): Pick<NasViewFigure, 'test' | 'kind' | 'apart'> {
  const place = describeCopyPlace(result, record.connection);
  const otherLink = copyOverOtherLink(result.path, record.environment.client?.route, record.connection);
  if (otherLink) return { test: `Share copy (over ${otherLink.shareInterface})`, kind: 'copy', apart: true };
  if (place.kind === 'local-disk' || place.kind === 'memory') return { test: 'Folder copy', kind: 'copy', apart: true };
  return { test: 'Share copy', kind: 'copy' };
}

export function addCopy(figures: Figures, result: CopyRunDetails, record: RunRecord): void {
  const place = describeCopyPlace(result, record.connection);
  const route = record.environment.client?.route;
  const otherLink = copyOverOtherLink(result.path, route, record.connection);
  for (const test of result.tests) {
    if (
      test.test === 'small-files' &&
      test.filesPerSecond &&
      (place.kind === 'network-share' || place.kind === 'unknown') &&
      !otherLink
    ) {
      figures.smallFiles.push({ op: test.op, fileSize: test.fileSize, filesPerSecond: test.filesPerSecond });
    }
    if (test.test !== 'sequential') continue;
    const figure: ShareFigure = {
      label: `${place.protocol ?? (place.kind === 'network-share' || place.kind === 'unknown' ? 'share' : 'folder')} ${test.op}`,
      op: test.op,
      bytesPerSecond: test.bytesPerSecond,
      protocol: place.protocol,
      ...(result.path?.session ? { session: result.path.session } : {}),
      ...(test.spread ? { spread: test.spread } : {}),
    };
    // A folder on this computer is about this computer, whatever its cache did.
    if (place.kind === 'local-disk' || place.kind === 'memory') {
      figures.shareApart.push({ ...figure, place: { kind: place.kind } });
      continue;
    }
    // This computer's own memory answered: no figure of the share or the network.
    if (copyCache(test).thisComputersMemory) continue;
    if (otherLink) {
      figures.shareApart.push({ ...figure, place: { kind: 'other-link', link: otherLink } } satisfies ShareApart);
      continue;
    }
    const overRunLink = !!result.path?.interface && result.path.interface === route?.interface;
    figures.share.push({ ...figure, ...(overRunLink ? { overRunLink } : {}) });
  }
  for (const point of result.sweep?.points ?? []) {
    figures.cacheSweep.push({ op: 'write', fileSize: point.fileSize, bytesPerSecond: point.writeBytesPerSecond });
    figures.cacheSweep.push({ op: 'read', fileSize: point.fileSize, bytesPerSecond: point.readBytesPerSecond });
  }
  if (result.sweep) {
    figures.ram.clientBytes ??= result.sweep.clientRamBytes;
    figures.ram.nasBytes ??= result.sweep.nasRamBytes;
  }
}
