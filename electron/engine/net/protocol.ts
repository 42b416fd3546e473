import { randomInt } from 'node:crypto';
import { z } from 'zod';

/**
 * The iperf3 control protocol, as far as NASBench speaks it (../shared/facts/iperf3-protocol.md,
 * read from esnet/iperf 3.1–3.21). Every state is one signed byte on the control connection.
 */
export const IperfState = {
  TEST_START: 1,
  TEST_RUNNING: 2,
  TEST_END: 4,
  PARAM_EXCHANGE: 9,
  CREATE_STREAMS: 10,
  SERVER_TERMINATE: 11,
  CLIENT_TERMINATE: 12,
  EXCHANGE_RESULTS: 13,
  DISPLAY_RESULTS: 14,
  IPERF_START: 15,
  IPERF_DONE: 16,
  ACCESS_DENIED: -1,
  SERVER_ERROR: -2,
} as const;

export const defaultIperfPort = 5201;
export const cookieLength = 37;
/**
 * The largest test parameters we read: iperf3 servers from 3.18 refuse more than 8 KiB
 * (MAX_PARAMS_JSON_STRING), and a stock client's parameters are well under 1 KiB.
 */
export const maxParametersBytes = 8 * 1024;
/**
 * The largest results we read. They hold one entry of about 200 bytes per stream: iperf3's most
 * (128 parallel streams both ways, 256 entries) is about 50 KiB. Only the server's own output
 * (`get_server_output`, which NASBench never asks for) makes them larger, so 1 MiB leaves room
 * for fields later iperf3 versions add, and no more memory than that for a peer that lies.
 */
export const maxResultsBytes = 1024 * 1024;

const cookieAlphabet = 'abcdefghijklmnopqrstuvwxyz234567';

/** 36 characters from [a-z2-7] and a NUL, as iperf3's make_cookie does. */
export function makeCookie(): Buffer {
  let text = '';
  for (let i = 0; i < cookieLength - 1; i++) text += cookieAlphabet[randomInt(cookieAlphabet.length)];
  return Buffer.concat([Buffer.from(text, 'ascii'), Buffer.alloc(1)]);
}

/** A JSON message on the control connection: 4-byte big-endian length, then the text. */
export function frameJson(value: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const header = Buffer.alloc(4);
  header.writeUInt32BE(body.length);
  return Buffer.concat([header, body]);
}

export function stateByte(state: number): Buffer {
  return Buffer.from([state & 0xff]);
}

/** iperf3 3.12–3.13 print -1 as 18446744073709551615: anything ≥ 2^63 means -1. */
const iperfInteger = z.number().transform((value) => (value >= 2 ** 63 ? -1 : value));

/** The parameters a client sends (only what we use; servers ignore unknown keys). */
export interface IperfParameters {
  /** One of the two: the test's protocol. */
  tcp?: true;
  udp?: true;
  /** UDP: the target rate of each stream, in bits per second (iperf3's -b). */
  bandwidth?: number;
  omit: number;
  time: number;
  num: number;
  blockcount: number;
  parallel: number;
  len: number;
  /** TCP: the server's socket buffer in bytes (iperf3's -w); absent, the system tunes it. */
  window?: number;
  reverse?: true;
  bidirectional?: true;
  pacing_timer: number;
  client_version: string;
}

export const IperfParametersSchema = z
  .object({
    tcp: z.boolean().optional(),
    udp: z.boolean().optional(),
    omit: z.number().nonnegative().default(0),
    time: z.number().nonnegative().default(10),
    num: z.number().nonnegative().default(0),
    blockcount: z.number().nonnegative().default(0),
    parallel: z.number().int().min(1).max(128).default(1),
    len: z
      .number()
      .int()
      .min(1)
      .max(1024 * 1024 * 1024)
      .default(128 * 1024),
    reverse: z.union([z.boolean(), z.number()]).optional(),
    bidirectional: z.union([z.boolean(), z.number()]).optional(),
    get_server_output: z.number().optional(),
    /** UDP: each stream's target rate in bits per second (the stock client sends its -b, 1 Mbit/s by default). */
    bandwidth: z.number().nonnegative().optional(),
    udp_counters_64bit: z.union([z.boolean(), z.number()]).optional(),
    sctp: z.unknown().optional(),
    client_version: z.string().optional(),
  })
  .loose();
export type ParsedIperfParameters = z.infer<typeof IperfParametersSchema>;

export const StreamResultSchema = z
  .object({
    id: z.number(),
    bytes: iperfInteger,
    retransmits: iperfInteger,
    jitter: z.number(),
    errors: iperfInteger,
    packets: iperfInteger,
    /** UDP, from 3.14: what the receiver counted during the omitted (warm-up) seconds. */
    omitted_errors: iperfInteger.optional(),
    omitted_packets: iperfInteger.optional(),
    start_time: z.number().optional(),
    end_time: z.number().optional(),
  })
  .loose();

export const ResultsSchema = z
  .object({
    cpu_util_total: z.number(),
    cpu_util_user: z.number(),
    cpu_util_system: z.number(),
    sender_has_retransmits: iperfInteger,
    congestion_used: z.string().optional(),
    streams: z.array(StreamResultSchema).max(256),
  })
  .loose();
export type IperfResults = z.infer<typeof ResultsSchema>;
export type IperfStreamResult = z.infer<typeof StreamResultSchema>;
