import type { Command } from 'commander';
import { toAppError } from '../../../shared/contract/errors';
import { formatRate } from '../../../shared/util/units';
import { startIperfServer, type IperfServerTestSummary } from '../../engine/net';
import { hostName, integerIn } from '../arguments';
import type { GlobalOptions } from '../engine-session';
import { printProgress, printResult, type CliIo } from '../output';

/**
 * `nasbench serve`: the built-in iperf3-protocol server, for stock iperf3 clients (run
 * `iperf3 -c THIS-COMPUTER` on the NAS). Runs until Ctrl+C, then prints every test it served.
 */
export function addServeCommand(program: Command, io: CliIo, finish: (code: number) => void): void {
  program
    .command('serve')
    .description('run the built-in iperf3 server (stock iperf3 clients can test against it) until Ctrl+C')
    .option('--port <port>', 'port to listen on', integerIn(0, 65535), 5201)
    .option('--bind <address>', 'address to listen on', hostName, '0.0.0.0')
    .action(async (options: { port: number; bind: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const tests: IperfServerTestSummary[] = [];
      const stopped = new AbortController();
      try {
        const server = await startIperfServer({
          port: options.port,
          host: options.bind,
          onTestEnd: (summary) => {
            tests.push(summary);
            const bytes = summary.mode === 'reverse' ? summary.sentBytes : summary.receivedBytes;
            const outcome = summary.error
              ? `ended: ${summary.error.message}`
              : formatRate(bytes / summary.seconds, 'Mb/s');
            printProgress(
              io,
              `test from ${summary.client} (${summary.mode}, ${summary.parallel} stream(s)): ${outcome}`,
            );
          },
        });
        printProgress(io, `Serving iperf3 tests on ${server.host}:${server.port}. Press Ctrl+C to stop.`);
        const stop = () => stopped.abort();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        await new Promise((resolve) => stopped.signal.addEventListener('abort', resolve, { once: true }));
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
