import type { AppError } from '../../../../shared/contract/errors';
import type { IperfResults } from '../protocol';
import type { IperfServerCap, IperfServerCaps } from './caps';

export type IperfDirection = 'receive' | 'send';

/** Throughput over the last sample interval, summed over the streams of one direction. */
export interface IperfServerSample {
  /** Seconds since the test started running. */
  t: number;
  bytesPerSecond: number;
  direction: IperfDirection;
}

export interface IperfServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * The only addresses a test may come from (the peer NASBench expects: the NAS it logged into, or
   * this computer); a connection from any other is closed unread. Without it, anyone who reaches `host`.
   */
  peers?: readonly string[];
  /**
   * What one test may have at most (default: nasbenchCaps, NASBench's own limits): a peer NASBench did
   * not start, asking for more, is held to them. Callers that start the peer themselves pass their test's.
   */
  caps?: Partial<IperfServerCaps>;
  signal?: AbortSignal;
  onSample?(sample: IperfServerSample): void;
  /** Called once per test, finished or failed. */
  onTestEnd?(summary: IperfServerTestSummary): void;
  sampleIntervalMs?: number;
  /** Overrides iperf3's patience; tests shorten it so that stalled peers fail fast. */
  timeouts?: Partial<IperfServerTimeouts>;
}

export interface IperfServerTimeouts {
  /** From the control connection until every data connection has arrived (cookie, parameters, streams). */
  setupMs: number;
  /** Added to time + omit for a time-based test, as iperf3 does (40 s); also bounds the results exchange. */
  graceMs: number;
}

export const defaultTimeouts: IperfServerTimeouts = { setupMs: 10_000, graceMs: 40_000 };

export interface IperfServerStreamSummary {
  /** iperf3's stream id: 1, 3, 4, 5, … in the order the client opened them. */
  id: number;
  direction: IperfDirection;
  /** Bytes this server received, or sent into the network, after the omitted seconds. */
  bytes: number;
}

export interface IperfServerTestSummary {
  /** The client's address as seen by this server. */
  client: string;
  mode: 'forward' | 'reverse' | 'bidirectional';
  parallel: number;
  /** Measured seconds from the start (or the end of the omitted seconds) to the client's TEST_END. */
  seconds: number;
  receivedBytes: number;
  sentBytes: number;
  streams: IperfServerStreamSummary[];
  /** What the client reported about its side, when the test got that far. */
  clientResults?: IperfResults;
  /** What the client asked for beyond the server's caps, and what it got instead (the test ended at the cap). */
  capped?: IperfServerCap[];
  /** Why the test did not finish normally (PARSE_ERROR, LINK_LOST, TIMEOUT, CANCELLED, INVALID_INPUT). */
  error?: AppError;
}
