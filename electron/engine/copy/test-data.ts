import { randomFillSync } from 'node:crypto';

/** O_DIRECT wants buffer addresses, offsets and lengths in multiples of the logical block size (512 or 4096). */
export const ioAlignment = 4096;

/** What the test file holds: random bytes defeat compression on the NAS; zeros show what compression would do. */
export type TestPattern = 'random' | 'zeros';

const wasmPageBytes = 65536;

/** @types/node declares WebAssembly's types but not the global value (it is there in every Node). */
interface WasmMemoryConstructor {
  new (descriptor: { initial: number }): { buffer: ArrayBuffer };
}
const WasmMemory = (globalThis as unknown as { WebAssembly: { Memory: WasmMemoryConstructor } }).WebAssembly.Memory;

/**
 * A buffer that starts on a page boundary, as O_DIRECT and FILE_FLAG_NO_BUFFERING require.
 * `Buffer.alloc` gives no such promise; WebAssembly memory is mapped by the OS in whole pages,
 * so its start is page-aligned (and a multiple of 64 KiB).
 */
export function pageAlignedBuffer(bytes: number): Buffer {
  const memory = new WasmMemory({ initial: Math.max(1, Math.ceil(bytes / wasmPageBytes)) });
  return Buffer.from(memory.buffer, 0, bytes);
}

/** A block of test data, filled once before the clock starts so that generating it never counts. */
export function testBlock(bytes: number, pattern: TestPattern): Buffer {
  const buffer = pageAlignedBuffer(bytes);
  if (pattern === 'random') randomFillSync(buffer);
  return buffer;
}

/**
 * Writes the file position into the first 8 bytes of every 4 KiB page of the block before it
 * is written, so no two pages of the file are equal: a NAS with deduplication (ZFS, btrfs
 * tools, some Synology models) cannot fold the repeated block away and flatter the result.
 */
export function stampBlock(block: Buffer, length: number, fileOffset: number): void {
  for (let page = 0; page < length; page += ioAlignment) {
    const offset = fileOffset + page;
    block.writeUInt32LE(offset % 2 ** 32, page);
    block.writeUInt32LE(Math.floor(offset / 2 ** 32), page + 4);
  }
}
