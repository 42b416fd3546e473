/**
 * How the cost of reading outside text grows with its size (issue #47): the CPU time some work
 * takes on a large input over what it takes on one a tenth the size, measured in one run, so the
 * machine's speed cancels out. Linear work reads about 10; work that costs the square of its input
 * reads about 100. Each size is run until it has used enough CPU time to be measured well, in five
 * rounds that take the two sizes in turn, and each size's best round is kept: on two shared cores a
 * round can lose its core or its caches to another process, which only ever adds time.
 */
export function costGrowth(work: (input: string) => unknown, small: string, large: string): number {
  work(small);
  let bestSmall = Infinity;
  let bestLarge = Infinity;
  for (let round = 0; round < 5; round += 1) {
    bestSmall = Math.min(bestSmall, costOfOne(work, small));
    bestLarge = Math.min(bestLarge, costOfOne(work, large));
  }
  return bestLarge / bestSmall;
}

/** A text of `length` characters made of `unit` repeated: what an adversary sends. */
export function repeated(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** 100 KB and 1 MB of `unit` repeated, the two sizes the issue names. */
export function adversarialPair(unit: string): [small: string, large: string] {
  return [repeated(unit, 100_000), repeated(unit, 1_000_000)];
}

const cpuMicroseconds = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Microseconds of CPU per run of `work` on `input`, over runs that add up to at least 20 ms. */
function costOfOne(work: (input: string) => unknown, input: string): number {
  const start = cpuMicroseconds();
  for (let runs = 1; ; runs += 1) {
    work(input);
    const used = cpuMicroseconds() - start;
    if (used >= 20_000) return used / runs;
  }
}
