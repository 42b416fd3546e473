import { execFile } from 'node:child_process';
import net from 'node:net';
import { expect } from 'vitest';
import { ControlReader } from '../../electron/engine/net/control';
import { frameJson, IperfState } from '../../electron/engine/net/protocol';
import {
  startIperfServer,
  type IperfServer,
  type IperfServerOptions,
  type IperfServerTestSummary,
} from '../../electron/engine/net/iperf-server/server';

/** The built-in iperf3 server's tests: the stock client (Debian's iperf3 3.12), a raw one, and each test's end. */

export const iperf3 = '/usr/bin/iperf3';

/** The parts of the stock client's -J output these tests read. */
export interface ClientSum {
  bytes: number;
  seconds: number;
}
export interface ClientJson {
  error?: string;
  end: {
    sum_sent: ClientSum;
    sum_received: ClientSum;
    sum_sent_bidir_reverse?: ClientSum;
    sum_received_bidir_reverse?: ClientSum;
    streams: { sender: ClientSum; receiver: ClientSum }[];
    cpu_utilization_percent: { remote_total: number };
  };
}

/** Each finished test, in order; next() waits for the following one. */
export class TestEnds {
  private readonly done: IperfServerTestSummary[] = [];
  private readonly waiting: ((summary: IperfServerTestSummary) => void)[] = [];

  readonly push = (summary: IperfServerTestSummary): void => {
    const waiter = this.waiting.shift();
    if (waiter) waiter(summary);
    else this.done.push(summary);
  };

  next(timeoutMs = 10_000): Promise<IperfServerTestSummary> {
    const ready = this.done.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server reported no test end')), timeoutMs);
      this.waiting.push((summary) => {
        clearTimeout(timer);
        resolve(summary);
      });
    });
  }
}

/** Short patience, so that a stalled peer fails fast. */
export const timeouts = { setupMs: 1000, graceMs: 1500 };

export function startServer(extra: Partial<IperfServerOptions> = {}): Promise<{ server: IperfServer; ends: TestEnds }> {
  const ends = new TestEnds();
  return startIperfServer({ port: 0, timeouts, onTestEnd: ends.push, ...extra }).then((server) => ({ server, ends }));
}

/** Runs the stock client with -J; its JSON comes out on errors too. Killed after `timeoutMs`. */
export function stockClient(
  port: number,
  args: string[],
  timeoutMs = 20_000,
): Promise<{ json: ClientJson; wallMs: number }> {
  const started = performance.now();
  const argv = ['-c', '127.0.0.1', '-p', String(port), '-J', ...args];
  return new Promise((resolve, reject) => {
    execFile(iperf3, argv, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (_error, stdout, stderr) => {
      try {
        resolve({ json: JSON.parse(stdout) as ClientJson, wallMs: performance.now() - started });
      } catch {
        reject(new Error(`iperf3 ${argv.join(' ')} printed no JSON: ${stdout}${stderr}`));
      }
    });
  });
}

export function expectClose(actual: number, expected: number, tolerance: number): void {
  expect(expected).toBeGreaterThan(0);
  expect(Math.abs(actual - expected) / expected).toBeLessThan(tolerance);
}

/** A hand-driven iperf3 client for what the stock one never does (from `localAddress`, 127.0.0.1 by default). */
export async function rawClient(
  port: number,
  localAddress = '127.0.0.1',
): Promise<{ socket: net.Socket; reader: ControlReader }> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, reader: new ControlReader(socket) };
}

export const parameters = { tcp: true, omit: 0, time: 1, num: 0, blockcount: 0, parallel: 1, len: 131072 };

/** Control connection through CREATE_STREAMS with valid parameters. */
export async function negotiate(port: number, cookie: Buffer, params: object = parameters) {
  const control = await rawClient(port);
  control.socket.write(cookie);
  expect(await control.reader.readState()).toBe(IperfState.PARAM_EXCHANGE);
  control.socket.write(frameJson(params));
  expect(await control.reader.readState()).toBe(IperfState.CREATE_STREAMS);
  return control;
}
