import { readByteSize, sizeHint } from '../../util/units';

/**
 * The TCP test's advanced fields as typed: the write size (iperf3's -l, one test per size in a
 * comma list such as "4k, 64k, 128k") and the socket buffer at the NAS's end (-w). Pure, so the
 * form and its tests read them the same way.
 */

/** iperf3 takes 1 byte to 1 MiB per TCP write (the contract's TcpLength). */
export const writeSizeRange = { min: 1, max: 2 ** 20 } as const;
/** The contract's windowBytes: below 4 KiB a buffer only slows the test; above 256 MiB no kernel grants it. */
export const socketBufferRange = { min: 4096, max: 256 * 2 ** 20 } as const;
/** The most write sizes one run tests (the contract's limit on `lengths`). */
export const maxWriteSizes = 8;

type Reading<T> = { value: T; problem?: undefined } | { value?: undefined; problem: string };

const within = (bytes: number | undefined, range: { min: number; max: number }) =>
  bytes !== undefined && bytes >= range.min && bytes <= range.max;

/** "4k, 64k, 128k" → the sizes in bytes; empty → none (iperf3's own 128 KiB). */
export function readWriteSizes(text: string): Reading<number[] | undefined> {
  if (text.trim() === '') return { value: undefined };
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > maxWriteSizes) return { problem: `Give at most ${maxWriteSizes} sizes, separated by commas.` };
  const sizes: number[] = [];
  for (const part of parts) {
    const bytes = readByteSize(part);
    if (part === '' || bytes === undefined) return { problem: `"${part}" is not a size. ${sizeHint(part)}` };
    if (!within(bytes, writeSizeRange))
      return { problem: `${part} is not a TCP write size: iperf3 writes 1 byte to 1M at a time.` };
    sizes.push(bytes);
  }
  return { value: sizes };
}

/** "4M" → the NAS's socket buffer in bytes; empty → the NAS's own (Linux sizes it as the test goes). */
export function readSocketBuffer(text: string): Reading<number | undefined> {
  if (text.trim() === '') return { value: undefined };
  const bytes = readByteSize(text);
  if (bytes === undefined) return { problem: `"${text.trim()}" is not a size. ${sizeHint(text)}` };
  if (!within(bytes, socketBufferRange))
    return { problem: `${text.trim()} is not a socket buffer size: give 4k to 256M.` };
  return { value: bytes };
}
