import type { NetworkResult, TestResult } from '../../contract/runs';
import { sizeLabel } from '../../util/units';

/** iperf3's TCP write when none was asked for. */
const iperfWriteBytes = 128 * 1024;

export interface WriteSizeRow {
  /** "4k", as the form takes it */
  label: string;
  lengthBytes: number;
  result: NetworkResult;
}

/**
 * A run that tested one TCP write size after another (the bonded 2.5 GbE write-up's 4K/64K/128K
 * table): a row per size, in the order they ran. Null for any other run, whose network figures
 * are not one table.
 */
export function writeSizeRows(results: readonly TestResult[]): WriteSizeRow[] | null {
  const network = results.filter((result): result is NetworkResult => result.kind === 'network');
  if (network.length < 2 || network.length !== results.length) return null;
  if (!network.every((result) => result.blockBytes !== undefined)) return null;
  return network.map((result) => {
    const lengthBytes = result.blockBytes ?? iperfWriteBytes;
    return { label: sizeLabel(lengthBytes), lengthBytes, result };
  });
}
