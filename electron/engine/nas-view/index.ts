/**
 * The NAS's own view of a test: a light reader on the NAS (one block of /proc figures a second, or
 * sysctl/iostat/netstat/ps on FreeBSD) over the test's SSH connection, parsed here into samples of
 * CPU, busiest processes, memory, swap and disks (`nas.resources` of the CLI contract), and a
 * baseline of how busy the NAS was before a run's first test.
 */
export {
  startNasReader,
  measureNasBaseline,
  nasBaselineSeconds,
  type NasCommands,
  type NasReader,
  type NasReaderOptions,
} from './reader';
export { nasViewScript } from './reader-script';
export { NasViewStream } from './stream';
export { baselineOf } from './readings';
