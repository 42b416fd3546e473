import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { JsonObjectSplitter } from '../../electron/engine/disk/json-objects';
import { ControlReader } from '../../electron/engine/net/control';
import { maxResultsBytes } from '../../electron/engine/net/protocol';
import { KeptOutput, lineSplitter } from '../../electron/engine/ssh/lines';
import { StdoutFrame } from '../../electron/engine/ssh/login-shell';
import { chunksOf, costRatio } from '../helpers/cost-ratio';

/**
 * What reads a stream from outside — a NAS's command output, a helper computer's fio, an iperf3
 * peer — costs in proportion to what it is sent, however the sender cuts it: the rule, 1 MB
 * at most 20× what 100 KB costs, measured as a ratio in one run. Each case sends one long piece with
 * no end in sight (a line with no line break, an object that does not close, a message in tiny
 * segments), the shape that made the old code re-copy everything it held on every chunk.
 */
const small = 100 * 1000;
const large = 1000 * 1000;
const rule = 20;

/**
 * Text in 1 KiB chunks, each ending in "€", so that what a reader keeps is a two-byte string: 100 KB
 * of it then lands in V8's large-object space as 1 MB does. A one-byte 100 KB text does not (it is
 * under 128 KiB) and costs less per byte, which put a linear reader's growth past 20× on its own.
 */
const textChunks = (chars: number) => chunksOf(chars, 1024).map((chunk) => `${chunk.slice(1)}€`);

describe('reading outside text costs in proportion to its length', () => {
  it('the SSH line splitter: a line with no line break, in 1 KiB chunks', async () => {
    const feed = (chunks: string[]) => () => {
      const lines = lineSplitter(() => undefined);
      for (const chunk of chunks) lines.push(chunk);
      lines.end();
    };
    const [smallChunks, largeChunks] = [textChunks(small), textChunks(large)];
    const ratio = await costRatio(feed(smallChunks), feed(largeChunks));
    expect(ratio).toBeLessThanOrEqual(rule);
  });

  it('the check fails for real: a splitter that copies what it holds on every chunk is over the rule', async () => {
    const feed = (chunks: string[]) => () => {
      let held = Buffer.alloc(0);
      for (const chunk of chunks) {
        held = Buffer.concat([held, Buffer.from(chunk)]);
        if (held.indexOf(10) >= 0) throw new Error('no line break was sent');
      }
    };
    const [smallChunks, largeChunks] = [chunksOf(small, 1024), chunksOf(large, 1024)];
    const ratio = await costRatio(feed(smallChunks), feed(largeChunks), 3);
    expect(ratio).toBeGreaterThan(rule);
  });

  it('the SSH line splitter past its 1 MiB cut: 20 MB with no line break, in 16 KiB chunks, against 2 MB', async () => {
    const feed = (chunks: string[]) => () => {
      const lines = lineSplitter(() => undefined);
      for (const chunk of chunks) lines.push(chunk);
      lines.end();
    };
    const [smallChunks, largeChunks] = [chunksOf(2_000_000, 16 * 1024), chunksOf(20_000_000, 16 * 1024)];
    const ratio = await costRatio(feed(smallChunks), feed(largeChunks), 3);
    expect(ratio).toBeLessThanOrEqual(rule);
  });

  it('the kept output of a command: a line with no line break, in 1 KiB chunks', async () => {
    const feed = (chunks: string[]) => () => {
      const kept = new KeptOutput();
      for (const chunk of chunks) kept.push(chunk);
      expect(kept.text.length).toBeGreaterThan(0);
    };
    const [smallChunks, largeChunks] = [textChunks(small), textChunks(large)];
    const ratio = await costRatio(feed(smallChunks), feed(largeChunks));
    expect(ratio).toBeLessThanOrEqual(rule);
  });

  it('what the login prints before the marker: a line with no line break, in 1 KiB chunks', async () => {
    const feed = (chunks: Buffer[]) => () => {
      const frame = new StdoutFrame();
      for (const chunk of chunks) frame.push(chunk);
      expect(frame.droppedBytes).toBeGreaterThan(0);
    };
    const bytes = (count: number) => chunksOf(count, 1024).map((chunk) => Buffer.from(chunk));
    const [smallChunks, largeChunks] = [bytes(small), bytes(large)];
    const ratio = await costRatio(feed(smallChunks), feed(largeChunks));
    expect(ratio).toBeLessThanOrEqual(rule);
  });

  it('fio’s JSON objects: one that does not close, in 1 KiB chunks', async () => {
    const feed = (chunks: string[]) => () => {
      const splitter = new JsonObjectSplitter();
      splitter.push('{"jobs": [');
      for (const chunk of chunks) splitter.push(chunk);
      expect(splitter.unfinished).toBe(true);
    };
    const numbers = (chars: number) => chunksOf(chars, 512, '1,').map((chunk) => `${chunk.slice(1)}€`);
    const [smallChunks, largeChunks] = [numbers(small), numbers(large)];
    const ratio = await costRatio(feed(smallChunks), feed(largeChunks));
    expect(ratio).toBeLessThanOrEqual(rule);
  });

  it('the iperf3 control connection: one message sent 64 bytes at a time', async () => {
    const message = (bytes: number) => {
      // Ending in "€", the padding parses to a two-byte string, a large object at both sizes (textChunks says why).
      const body = Buffer.from(JSON.stringify({ padding: `${'x'.repeat(bytes - 17)}€` }));
      const length = Buffer.alloc(4);
      length.writeUInt32BE(body.length);
      const whole = Buffer.concat([length, body]);
      return Array.from({ length: Math.ceil(whole.length / 64) }, (_, index) =>
        whole.subarray(index * 64, index * 64 + 64),
      );
    };
    // The reader's own socket, never connected: its segments are handed to it as the network would.
    const read = async (segments: Buffer[]) => {
      const socket = new net.Socket();
      const reader = new ControlReader(socket);
      for (const segment of segments) socket.emit('data', segment);
      const parsed = (await reader.readJson(maxResultsBytes)) as { padding: string };
      socket.destroy();
      return parsed.padding.length;
    };
    const [smallSegments, largeSegments] = [message(small), message(large)];
    expect(await read(largeSegments)).toBe(large - 16);
    const ratio = await costRatio(
      () => read(smallSegments),
      () => read(largeSegments),
    );
    expect(ratio).toBeLessThanOrEqual(rule);
  });
});
