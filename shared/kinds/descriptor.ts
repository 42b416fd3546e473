import type { RunEnd } from '../contract/run-events';
import type { RunRecord, TestResult } from '../contract/runs';
import type { ComparedFigure } from '../history/compare-runs';
import type { ReportChart, TestRow } from '../report/parts';
import type { PrivateKind } from '../report/private-patterns';
import type { RateUnit } from '../util/units';
import type { Figures, NasViewFigure } from '../verdicts/figures';

/**
 * A result kind as one descriptor (iperf3's `struct protocol`): every piece of the shared code that
 * differs by kind, pure, in the kind's folder (shared/kinds/<kind>/). The verdicts, the report,
 * History and the CLI iterate the map of descriptors (kinds/index.ts) instead of switching on the
 * kind, so a new kind is one folder and one entry, and the compiler names each piece it lacks.
 */

/** Anything with a `kind`, so a map can be typed over more kinds than the contract has (tests/unit/kinds.test.ts). */
export interface HasKind {
  kind: string;
}

/** The result of one kind. */
export type ResultOf<K extends R['kind'], R extends HasKind = TestResult> = Extract<R, { kind: K }>;

/** What the run's end event carries as its details (Results draws it at once, before the run is read back). */
export type EndDetails = NonNullable<RunEnd['details']>;

/** A report section of its own, after the charts: one per kind that has one, over all its results. */
export interface ReportSection<R> {
  html(results: readonly R[], unit: RateUnit): string | null;
  markdown(results: readonly R[], unit: RateUnit): string[];
}

export interface KindDescriptor<R extends HasKind> {
  /** The kind's group in the report's table of every test, e.g. "Network", "NAS disk". */
  title: string;
  /** Adds what the result measured to the figures the verdicts read (figuresOfRun). */
  addFigures(figures: Figures, result: R, record: RunRecord): void;
  /**
   * How the NAS's own view of the test is named ("Upload (this computer to the NAS)"), and whether
   * it measured another path than the run's own link; null: it carries none.
   */
  nasView: ((result: R, record: RunRecord) => Pick<NasViewFigure, 'test' | 'kind' | 'apart'>) | null;
  /** Its rows in the report's table of every test, rates in words in `unit`. */
  reportRows(result: R, record: RunRecord, unit: RateUnit): TestRow[];
  /** Its charts in the report (the cache wall, a sweep's heatmaps), after the bars and the throughput over time. */
  reportCharts(result: R, unit: RateUnit): ReportChart[];
  /** A report section of its own (the disk sweep's), or none. */
  reportSection: ReportSection<R> | null;
  /**
   * Figures Compare (and so History's trends) reads from the result itself, by test name; the kinds whose
   * figures the verdicts already hold (network, disks, shares) are compared from those and give none here.
   */
  compareFigures(result: R): [test: string, figure: ComparedFigure][];
  /** Its tests' figures a plan's one figure in History may be taken from when it measured no upload. */
  headlineTests(result: R): { bytesPerSecond: number; seconds: number }[];
  /**
   * What `nasbench` prints for the result (without --json), with how to install a tool the NAS lacked (a
   * network test over SSH); null: no command of its own prints it.
   */
  cliText: ((result: R, installHints: readonly string[]) => string) | null;
  /**
   * Its fields that name something of the user's (a host, a user, a share, a folder), each with the kind of
   * stand-in the anonymiser gives it; the anonymiser then finds each value in every text of the run.
   */
  privateFields(result: R): Iterable<PrivateField>;
  /** The result as the run's end event's details, for the kinds Results draws from it at once; null otherwise. */
  endDetails: ((result: R) => EndDetails) | null;
}

/** A value of a result that names something of the user's, and the kind of stand-in it gets (private-fields.ts). */
export type PrivateField = readonly [PrivateKind, string | null | undefined];

/** One descriptor for every kind of `R`: a kind missing from the map, or a piece missing from one, does not compile. */
export type KindDescriptors<R extends HasKind = TestResult> = { [K in R['kind']]: KindDescriptor<ResultOf<K, R>> };
