/**
 * Measures how each parser's cost grows with its input, for tests/unit/outside-text-linear.test.ts,
 * and prints one JSON line per case (outsideTextCases order) as it finishes one.
 *
 * Run as: node --max-semi-space-size=128 --import tsx measure-child.ts
 *
 * A process of its own, with a young generation larger than the 1 MB texts' garbage: at V8's
 * default size, a parser that builds many small strings out of 1 MB pays for copying them from
 * one half of the young generation to the other again and again, which put linear parsers' growth
 * at 20-30× and says nothing about the parser. Each text holds a "€" (one is added at its end where
 * the builder put none), so that both sizes are two-byte strings and every copy of them, at 100 KB
 * as at 1 MB, lands in V8's large-object space: a one-byte 100 KB copy does not, and costs less.
 */
import { outsideTextCases, stepLimit, limit, type Measured } from './cases';

/** CPU time of this process, ms: what the parser cost, whatever else the machine's two cores were doing. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** One timing of `run(text)`, repeated for at least 5 ms of CPU: per call, in ms. */
function timing(run: (text: string) => unknown, text: string): number {
  let calls = 0;
  const started = cpuMs();
  let spent: number;
  do {
    run(text);
    calls += 1;
    spent = cpuMs() - started;
  } while (spent < 5);
  return spent / calls;
}

/**
 * How much more the larger text costs: the two timed in turn for a few rounds, the least of each
 * kept (other work on the machine only ever adds to a timing). A growth past `allowed` is
 * measured twice more before it is believed.
 */
function growth(
  run: (text: string) => unknown,
  smaller: string,
  larger: string,
  allowed: number,
  rounds: number,
): number {
  let least = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3 && least > allowed; attempt++) {
    let [small, large] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let round = 0; round < rounds; round++) {
      small = Math.min(small, timing(run, smaller));
      large = Math.min(large, timing(run, larger));
    }
    least = Math.min(least, large / small);
  }
  return least;
}

/** The text as built, made a two-byte string (see above) unless it is one already. */
function twoByte(text: string): string {
  return /[\u0100-\uffff]/.test(text) ? text : `${text}€`;
}

for (const { name, entry, build, sizes } of outsideTextCases) {
  const texts = sizes.map((bytes) => twoByte(build(bytes)));
  const result: Measured = { name, lengths: texts.map((text) => text.length) };
  const [hundredKb = '', midway = '', oneMb = ''] = texts;
  try {
    timing(entry.run, hundredKb);
    // A parser that grows much faster than its text stops here, before 1 MB takes minutes.
    result.midway = growth(entry.run, hundredKb, midway, stepLimit, 2);
    if (result.midway <= stepLimit) {
      timing(entry.run, oneMb);
      result.growth = growth(entry.run, hundredKb, oneMb, limit, 3);
    }
  } catch (error) {
    result.error = String(error).slice(0, 300);
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
