import { isIP } from 'node:net';
import type { Command } from 'commander';
import { toAppError } from '../../../shared/contract/errors';
import { formatRate, formatSeconds } from '../../../shared/util/units';
import { nasbenchCaps, startIperfServer, type IperfServerCap, type IperfServerTestSummary } from '../../engine/net';
import { hostName, integerIn } from '../arguments';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';

/**
 * `nasbench serve`: the built-in iperf3-protocol server, for stock iperf3 clients (run
 * `iperf3 -c THIS-COMPUTER` on the NAS). It listens on the loopback unless given an address
 * (`--bind`), says who can then reach it, serves one test and ends, as `iperf3 -s -1` does —
 * `--keep` serves until Ctrl+C. It prints every test it served, with what a client asked beyond
 * NASBench's own limits (held to them).
 */
export function addServeCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('serve')
    .description('run the built-in iperf3 server (stock iperf3 clients can test against it) for one test')
    .option('--port <port>', 'port to listen on', integerIn(0, 65535), 5201)
    .option(
      '--bind <address>',
      "address to listen on (default the loopback: this computer only; this computer's LAN address for a NAS)",
      hostName,
      '127.0.0.1',
    )
    .option('--keep', 'keep serving after the first test, until Ctrl+C', false)
    .action(async (options: { port: number; bind: string; keep: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const tests: IperfServerTestSummary[] = [];
      const stopped = new AbortController();
      try {
        const server = await startIperfServer({
          port: options.port,
          host: options.bind,
          onTestEnd: (summary) => {
            tests.push(summary);
            printProgress(io, testLine(summary));
            if (!options.keep) stopped.abort();
          },
        });
        printProgress(io, `Serving iperf3 tests on ${server.host}:${server.port}.`);
        printProgress(io, whoCanReach(server.host, server.port));
        printProgress(io, options.keep ? 'Press Ctrl+C to stop.' : 'It ends after one test (--keep: until Ctrl+C).');
        const stop = () => stopped.abort();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        await new Promise((resolve) => {
          if (stopped.signal.aborted) resolve(undefined);
          stopped.signal.addEventListener('abort', resolve, { once: true });
        });
        process.removeListener('SIGINT', stop);
        process.removeListener('SIGTERM', stop);
        await server.close();
        finish(
          printResult(
            io,
            globals,
            { ok: true, kind: 'serve', port: server.port, tests },
            () => `${tests.length} test(s) served.\n`,
          ),
        );
      } catch (error) {
        finish(
          printResult(
            io,
            globals,
            { ok: false, kind: 'serve', error: toAppError(error), partial: { tests } },
            () => '',
          ),
        );
      }
    });
}

/** Who can run a test against a server listening on `host`, in words. */
export function whoCanReach(host: string, port: number): string {
  const limits =
    `one test at a time, each held to ${formatSeconds(nasbenchCaps.seconds)} and ` +
    `${formatRate(nasbenchCaps.udpBitsPerSecond / 8, 'Mb/s')} of UDP`;
  if (host === '::1' || (isIP(host) === 4 && host.startsWith('127.')) || host === 'localhost')
    return (
      `Only programs on this computer can reach it. For a NAS (or another computer) to test against it, ` +
      `add --bind with this computer's address on their network.`
    );
  if (host === '0.0.0.0' || host === '::')
    return `Every device that reaches this computer at port ${port}, on any of its networks, can run a test against it (${limits}).`;
  return `Every device that reaches ${host} at port ${port} (the network that address is on) can run a test against it (${limits}).`;
}

function testLine(summary: IperfServerTestSummary): string {
  const bytes = summary.mode === 'reverse' ? summary.sentBytes : summary.receivedBytes;
  const outcome = summary.error ? `ended: ${summary.error.message}` : formatRate(bytes / summary.seconds, 'Mb/s');
  const held = (summary.capped ?? []).map(cappedWords).join('; ');
  return (
    `test from ${summary.client} (${summary.mode}, ${summary.parallel} stream(s)): ${outcome}` +
    (held ? ` — held to NASBench's limits: ${held}` : '')
  );
}

function cappedWords(cap: IperfServerCap): string {
  if (cap.what === 'seconds')
    return `ended at ${formatSeconds(cap.allowed)} (asked ${cap.asked === null ? 'no time limit' : formatSeconds(cap.asked)})`;
  const rate = (bits: number) => formatRate(bits / 8, 'Mb/s');
  return `UDP sent at ${rate(cap.allowed)} (asked ${cap.asked === null ? 'as fast as it goes' : rate(cap.asked)})`;
}
