import { once } from 'node:events';
import net from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { runIperfTest } from '../../electron/engine/net/iperf-client';
import { IperfState, frameJson } from '../../electron/engine/net/protocol';
import { NasbenchError } from '../../shared/contract/errors';

/**
 * A scripted iperf3 server on loopback that follows the protocol up to a chosen point and then
 * sends what the test gives it: the client must end every such test with an error, never crash.
 */
type Breakpoint = 'after-cookie' | 'instead-of-results';

let servers: net.Server[] = [];
afterEach(async () => {
  for (const server of servers) server.close();
  servers = [];
});

async function scriptedServer(breakpoint: Breakpoint, payload: Buffer): Promise<number> {
  const dataSockets: net.Socket[] = [];
  let control: net.Socket | undefined;
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    if (control) {
      dataSockets.push(socket);
      socket.resume();
      return;
    }
    control = socket;
    void converse(socket, breakpoint, payload).finally(() => {
      socket.destroy();
      for (const data of dataSockets) data.destroy();
    });
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as net.AddressInfo).port;
}

async function converse(socket: net.Socket, breakpoint: Breakpoint, payload: Buffer): Promise<void> {
  let buffered = Buffer.alloc(0);
  const read = async (length: number) => {
    while (buffered.length < length) {
      const [chunk] = (await once(socket, 'data')) as [Buffer];
      buffered = Buffer.concat([buffered, chunk]);
    }
    const bytes = buffered.subarray(0, length);
    buffered = buffered.subarray(length);
    return bytes;
  };
  const readJson = async () => read((await read(4)).readUInt32BE(0));
  await read(37);
  if (breakpoint === 'after-cookie') {
    socket.end(payload);
    return;
  }
  socket.write(Buffer.from([IperfState.PARAM_EXCHANGE]));
  await readJson();
  socket.write(Buffer.from([IperfState.CREATE_STREAMS]));
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.write(Buffer.from([IperfState.TEST_START, IperfState.TEST_RUNNING]));
  while ((await read(1))[0] !== IperfState.TEST_END);
  socket.write(Buffer.from([IperfState.EXCHANGE_RESULTS]));
  await readJson();
  socket.end(payload);
}

async function clientOutcome(port: number): Promise<unknown> {
  try {
    await runIperfTest({ host: '127.0.0.1', port, bytes: 64 * 1024, connectTimeoutMs: 2_000 });
    return 'finished';
  } catch (error) {
    return error;
  }
}

describe('the iperf3 client against a misbehaving server', () => {
  it('ends with a clear error, never a crash, whatever comes instead of PARAM_EXCHANGE', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 64 }), async (bytes) => {
        const outcome = await clientOutcome(await scriptedServer('after-cookie', Buffer.from(bytes)));
        expect(outcome).toBeInstanceOf(NasbenchError);
        const code = (outcome as NasbenchError).code;
        if (bytes[0] === 0xff) expect(code).toBe('SERVER_BUSY');
        else if (
          bytes.length > 0 &&
          ![0xfe, IperfState.SERVER_TERMINATE, IperfState.PARAM_EXCHANGE].includes(bytes[0] ?? 0)
        )
          expect(code).toBe('PARSE_ERROR');
      }),
      { numRuns: 40 },
    );
  });

  it('ends with PARSE_ERROR when the results are malformed or truncated', async () => {
    const junkJson = fc.jsonValue().map((value) => frameJson(value));
    const truncated = fc.jsonValue().map((value) => frameJson({ streams: [value] }).subarray(0, 6));
    const wrongLength = fc
      .uint8Array({ minLength: 1, maxLength: 32 })
      .map((bytes) => Buffer.concat([Buffer.from([0xff, 0xff, 0xff, 0xff]), bytes]));
    await fc.assert(
      fc.asyncProperty(fc.oneof(junkJson, truncated, wrongLength), async (payload) => {
        const outcome = await clientOutcome(await scriptedServer('instead-of-results', payload));
        expect(outcome).toBeInstanceOf(NasbenchError);
        expect((outcome as NasbenchError).code).toBe('PARSE_ERROR');
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('answers a busy server with SERVER_BUSY', async () => {
    const outcome = await clientOutcome(await scriptedServer('after-cookie', Buffer.from([0xff])));
    expect(outcome).toMatchObject({ code: 'SERVER_BUSY', hint: expect.stringMatching(/one test at a time/) });
  });
});
