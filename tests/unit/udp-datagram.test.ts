import dgram from 'node:dgram';
import { once } from 'node:events';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readHeader, UdpReceiveCounter, writeHeader } from '../../electron/engine/net/udp/datagram';
import { UdpDataStream } from '../../electron/engine/net/udp/udp-stream';
import { udpTestFigures } from '../../electron/engine/net/udp/udp-results';
import { bitRate } from '../../electron/cli/arguments';
import { describeUdp, formatLoss } from '../../shared/kinds/network/udp';
import { explainFigures, noFigures, type UdpFigure } from '../../shared/verdicts';

describe("iperf3's UDP datagram header", () => {
  it('reads back what it wrote, with 32- and 64-bit counters', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 1, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 4_000_000_000 * 1e6 }),
        (counters64, sequence, micros) => {
          const datagram = Buffer.alloc(64);
          writeHeader(datagram, sequence, micros, counters64);
          expect(readHeader(datagram, counters64)).toEqual({ sentMicros: micros, sequence });
        },
      ),
    );
  });

  it('is the bytes iperf3 puts on the wire: seconds, microseconds, sequence, big-endian', () => {
    const datagram = Buffer.alloc(12);
    writeHeader(datagram, 7, 1_700_000_000_250_000, false);
    expect(datagram.toString('hex')).toBe(
      (1_700_000_000).toString(16).padStart(8, '0') + (250_000).toString(16).padStart(8, '0') + '00000007',
    );
  });

  it('never throws on any bytes, and refuses datagrams too short to hold a header', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.boolean(), (bytes, counters64) => {
        const header = readHeader(Buffer.from(bytes), counters64);
        if (bytes.length < (counters64 ? 16 : 12)) expect(header).toBeNull();
        else expect(Number.isFinite(header?.sequence) && Number.isFinite(header?.sentMicros)).toBe(true);
      }),
    );
  });
});

describe('the UDP receiver counts as iperf3 does', () => {
  const header = (sequence: number, sentMicros = 0) => ({ sequence, sentMicros });

  it('counts a gap as lost, and a late datagram as out of order that fills it', () => {
    const counter = new UdpReceiveCounter();
    for (const sequence of [1, 2, 5, 3, 6]) counter.count(header(sequence), 0);
    // 5 after 2: 3 and 4 missing; 3 arrives late: one fewer lost, one out of order.
    expect(counter.snapshot()).toEqual({ highestSequence: 6, lost: 1, outOfOrder: 1 });
  });

  it('finds nothing lost when every datagram arrives once, in any order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }).chain((n) =>
          fc.shuffledSubarray(
            Array.from({ length: n }, (_unused, index) => index + 1),
            { minLength: n, maxLength: n },
          ),
        ),
        (order) => {
          const counter = new UdpReceiveCounter();
          let backwards = 0;
          let highest = 0;
          for (const sequence of order) {
            if (sequence < highest) backwards++;
            highest = Math.max(highest, sequence);
            counter.count(header(sequence), 0);
          }
          expect(counter.lost).toBe(0);
          expect(counter.outOfOrder).toBe(backwards);
          expect(counter.highestSequence).toBe(order.length);
        },
      ),
    );
  });

  it('counts exactly the missing ones when what arrives comes in order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: 10_000 }), { minLength: 1 }), (arrived) => {
        const sorted = [...arrived].sort((a, b) => a - b);
        const counter = new UdpReceiveCounter();
        for (const sequence of sorted) counter.count(header(sequence), 0);
        expect(counter.lost).toBe((sorted.at(-1) ?? 0) - sorted.length);
        expect(counter.outOfOrder).toBe(0);
      }),
    );
  });

  it('jitter: none for a steady transit, and settles at the step for a transit that alternates', () => {
    const steady = new UdpReceiveCounter();
    const alternating = new UdpReceiveCounter();
    for (let sequence = 1; sequence <= 400; sequence++) {
      const sent = sequence * 1000;
      steady.count(header(sequence, sent), sent + 300);
      // Transit alternates 300 µs and 500 µs: each step differs by 0.2 ms.
      alternating.count(header(sequence, sent), sent + (sequence % 2 ? 300 : 500));
    }
    expect(steady.jitterSeconds).toBe(0);
    expect(alternating.jitterSeconds * 1000).toBeCloseTo(0.2, 6);
  });

  it('never throws or turns a count into NaN, whatever headers arrive', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: 200 }), (arrivals) => {
        const counter = new UdpReceiveCounter();
        for (const [sequence, sent, arrived] of arrivals) counter.count(header(sequence, sent), arrived);
        for (const value of Object.values(counter.snapshot())) expect(Number.isInteger(value)).toBe(true);
        expect(counter.lost).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(counter.jitterSeconds)).toBe(true);
      }),
    );
  });
});

describe('a UDP stream fed hostile datagrams', () => {
  it('counts only datagrams with a header, never crashes, and counts nothing after its clock ended', async () => {
    const receiver = dgram.createSocket('udp4');
    const sender = dgram.createSocket('udp4');
    receiver.bind(0, '127.0.0.1');
    await once(receiver, 'listening');
    sender.connect(receiver.address().port, '127.0.0.1');
    await once(sender, 'connect');
    receiver.connect(sender.address().port, '127.0.0.1');
    await once(receiver, 'connect');
    const stream = new UdpDataStream(1, 'receive', receiver, { bitsPerSecond: 1e6, counters64: false });
    let arrived = 0;
    receiver.on('message', () => arrived++);
    const garbage = fc.sample(fc.uint8Array({ maxLength: 2000, size: 'max' }), 200).map((bytes) => Buffer.from(bytes));
    const good = Buffer.alloc(100);
    writeHeader(good, 1, 1, false);
    // In batches a default receive buffer holds (loopback drops what does not fit).
    for (const [index, datagram] of [...garbage, good].entries()) {
      sender.send(datagram);
      if (index % 50 === 49) await expect.poll(() => arrived).toBe(index + 1);
    }
    await expect.poll(() => arrived).toBe(garbage.length + 1);
    const headed = garbage.filter((datagram) => datagram.length >= 12);
    expect(headed.length).toBeGreaterThan(100);
    expect(stream.received.datagrams).toBe(headed.length + 1);
    expect(stream.receivedBytes).toBe(headed.reduce((sum, datagram) => sum + datagram.length, 0) + 100);
    stream.markEnd();
    sender.send(good);
    await expect.poll(() => stream.lateReceivedBytes).toBe(100);
    expect(stream.received.datagrams).toBe(headed.length + 1);
    stream.close();
    sender.close();
  });
});

describe('the everyday-udp verdict', () => {
  const withUdp = (udp: UdpFigure) => ({ ...noFigures(), network: { ...noFigures().network, udp: [udp] } });
  const verdictOf = (udp: UdpFigure) =>
    explainFigures(withUdp(udp), { unit: 'Mb/s' }).find((v) => v.id === 'everyday-udp');
  const at = { direction: 'upload', targetBitsPerSecond: 150e6, streams: 1, jitterMs: 0.2 } as const;

  it('names the loss, what the path carried, and what it means for calls and for copies', () => {
    const verdict = verdictOf({ ...at, bitsPerSecond: 97.9e6, lossPercent: 34.8 });
    expect(verdict?.severity).toBe('problem');
    expect(verdict?.text).toBe(
      'At 150 Mb/s of UDP to the NAS, 35% of the datagrams were lost and jitter was 0.2 ms: the path carried ' +
        '97.9 Mb/s of it. Live calls, games and streams that need more than that will stutter (they cannot resend ' +
        'what is lost); copies and backups resend and only slow down.',
    );
  });

  it('is calm where nothing was lost, and warns from 1% or from jitter a call would need to buffer', () => {
    expect(verdictOf({ ...at, bitsPerSecond: 150e6, lossPercent: 0 })?.severity).toBe('info');
    expect(verdictOf({ ...at, bitsPerSecond: 148e6, lossPercent: 1.2 })?.severity).toBe('warn');
    expect(verdictOf({ ...at, bitsPerSecond: 150e6, lossPercent: 0, jitterMs: 40 })?.severity).toBe('warn');
    expect(explainFigures(noFigures()).some((verdict) => verdict.id === 'everyday-udp')).toBe(false);
  });
});

describe('UDP in words and on the command line', () => {
  it('reads rates as iperf3 -b does: powers of ten', () => {
    const read = bitRate(8_000, 100e9);
    expect([read('100M'), read('1G'), read('500k'), read('2.5G'), read('1000000')]).toEqual([
      100e6, 1e9, 500e3, 2.5e9, 1e6,
    ]);
    for (const bad of ['', '-1M', '1T', '1 0M', '1000']) expect(() => read(bad)).toThrow(/bits per second/);
  });

  it('sums streams as iperf3 does: counts add up, jitter is the mean, loss is lost over sent', () => {
    const figures = udpTestFigures([
      { packets: 1000, lostPackets: 10, jitterMs: 0.1, outOfOrder: 2 },
      { packets: 3000, lostPackets: 30, jitterMs: 0.3, outOfOrder: null },
    ]);
    expect(figures).toEqual({ packets: 4000, lostPackets: 40, lossPercent: 1, jitterMs: 0.2, outOfOrder: null });
  });

  it('says what arrived, what was lost and how evenly', () => {
    expect([0, 0.0123, 0.3, 4.56, 37.4].map(formatLoss)).toEqual(['0%', '0.01%', '0.3%', '4.6%', '37%']);
    const text = describeUdp({
      bitsPerSecond: 95.2e6,
      targetBitsPerSecond: 100e6,
      packets: 41_096,
      lostPackets: 123,
      lossPercent: 0.2993,
      jitterMs: 0.046,
      outOfOrder: 0,
    });
    expect(text).toBe(
      'UDP: 95.2 Mb/s arrived (100 Mb/s per stream asked for); 0.3% lost (123 of 41,096 datagrams), jitter 0.05 ms',
    );
  });

  it('says the rates in the unit of the figures beside them', () => {
    const udp = { bitsPerSecond: 95.2e6, targetBitsPerSecond: 100e6, packets: 10, lostPackets: 0 };
    const text = describeUdp({ ...udp, lossPercent: 0, jitterMs: 0.5, outOfOrder: null }, 'MB/s');
    expect(text).toMatch(/^UDP: 11\.9 MB\/s arrived \(12\.5 MB\/s per stream asked for\)/);
  });
});
