import { decodeOctalEscapes } from '../../../shared/util/octal-escapes';
import { splitMountLine } from '../../../shared/util/mount-line';
import { withoutTrailingSlashes } from '../../../shared/util/trailing-slashes';
import { volumeHolding } from '../../../shared/util/volumes';
import { describeCpu } from '../../../shared/words/describe-nas';
import { markTerms } from '../../../shared/words/glossary';
import { csvField, escapeHtml, escapeMarkdown } from '../../../shared/report/escape';
import { describeFigure, describeFigureName } from '../../../shared/report/report-model';
import { lineBreaks, patternAlone, repeat, stretch, type OutsideTextParser } from './entries';

const { cr } = lineBreaks;

/**
 * shared/'s helpers for what the engine parses, and the app's words over names a NAS or an
 * imported run supplies (a CPU model, a process name, a test name, a report's text).
 */
export const sharedParsers: OutsideTextParser[] = [
  {
    parser: 'splitMountLine (BSD and macOS mount lines)',
    file: 'shared/util/mount-line.ts',
    patterns: [/[\n\r\u2028\u2029]/],
    inputs: {
      'a line of many " on /"': (bytes) => stretch('tank', ' on /', ' (zfs)', bytes),
      'a line of parentheses': (bytes) => stretch('tank on /', '(', ' (zfs)', bytes),
    },
    run: splitMountLine,
  },
  {
    parser: 'decodeOctalEscapes (mount points)',
    file: 'shared/util/octal-escapes.ts',
    patterns: [/^[0-7]{3}$/],
    inputs: {
      'escapes and near-escapes': (bytes) => repeat('\\040\\0', bytes),
      backslashes: (bytes) => repeat('\\', bytes),
    },
    run: decodeOctalEscapes,
  },
  {
    parser: 'withoutTrailingSlashes, volumeHolding (mount points the NAS reports)',
    file: 'shared/util/trailing-slashes.ts',
    patterns: [],
    inputs: {
      'a run of slashes before a letter': (bytes) => stretch('/', '/', 'x/', bytes),
    },
    run: (text) => [
      withoutTrailingSlashes(text, { backslashes: true }),
      volumeHolding([{ mount: text, fsType: 'ext4', sizeBytes: 1, freeBytes: 1 }], text),
    ],
  },
  patternAlone(
    `shared/kinds/disk/words.ts`,
    /(?<!\s)\s+(read|write)\b/i,
    {
      'a test name of blanks before a near-miss': (bytes) => stretch('SEQ1M', '\t ', 'rea', bytes),
    },
    'on a test’s name',
  ),
  {
    parser: 'markTerms (the glossary’s words in a sentence)',
    file: `shared/words/glossary.ts`,
    patterns: [/^(SEQ|RND)(\d+)([KM])\s+Q(\d+)T(\d+)$/, /[.*+?^${}()|[\]\\/]/g, 'termPattern'],
    inputs: {
      'near-miss test names': (bytes) => repeat('SEQ1M Q8T RND4K Q32 ', bytes),
      'near-miss terms': (bytes) => repeat('SMB NF LAC iperf ZF ', bytes),
    },
    run: markTerms,
  },
  {
    parser: 'describeCpu (the NAS’s CPU model)',
    file: `shared/words/describe-nas.ts`,
    patterns: [/\((R|TM|C)\)/gi, /\s+/g],
    inputs: {
      'a model of marks and near-marks': (bytes) => repeat('(R)(T(TM) ', bytes),
      'a model of blanks': (bytes) => stretch('Intel', ' \t', 'x', bytes),
    },
    run: (text) => describeCpu({ model: text, cores: 4 }),
  },
  patternAlone(
    `shared/words/describe-nas.ts`,
    /^[aeiou]/i,
    { 'a tool name of vowels': (bytes) => repeat('aeiou', bytes) },
    'on a refused program’s name',
  ),
  patternAlone(
    `shared/words/describe-nas.ts`,
    /^(lo|docker|veth|virbr|lxcbr|br-|vnet|tap|tun|sit|ip6tnl|gre|ipip|dummy|cni|flannel)/,
    {
      'an interface name of near-misses': (bytes) => repeat('dockeip6tn', bytes),
    },
    'on the NAS’s port names',
  ),
  {
    parser: 'escapeHtml, escapeMarkdown, csvField (a report of a run, imported or not)',
    file: `shared/report/escape.ts`,
    patterns: [
      /[&<>"']/g,
      /[\r\n]+/g,
      /[\\`*_[\]|~]|(?<=\/)\/|\.(?=\p{L})|(?<=www)\./giu,
      /[&<>"]/g,
      /(?<=\S)@(?=\S)/g,
      /^[=+\-@\t\r]/,
      /[",\r\n]/,
      /"/g,
      /</g,
      />/g,
      /&/g,
      /\u2028/g,
      /\u2029/g,
    ],
    inputs: {
      'markup characters': (bytes) => repeat('<&>"\'', bytes),
      'markdown characters, slashes and dots': (bytes) => repeat('*_[]|~//www..a@b ', bytes),
      'line breaks': (bytes) => repeat(`\r\n\u2028\u2029${cr}`, bytes),
    },
    run: (text) => [escapeHtml(text), escapeMarkdown(text), csvField(text)],
  },
  {
    parser: 'describeFigure, describeFigureName (a figure’s name in a run)',
    file: `shared/report/report-model.ts`,
    patterns: [
      /bitsPerSecond$/i,
      /bytesPerSecond$/i,
      /percent/i,
      /(ratio|gain)$/i,
      /^perFileSeconds$/,
      /seconds$/i,
      /bytes$/i,
      /(?:Bits|Bytes|bits|bytes)PerSecond$|Percent$/,
      /([a-z])([A-Z])/g,
    ],
    inputs: {
      'a name of near-miss units': (bytes) => repeat('bitsPerSeconBytesPercenratiogai', bytes),
      'a name of camel case': (bytes) => repeat('aB', bytes),
      'a method of dots': (bytes) => repeat('.', bytes),
    },
    run: (text) => [describeFigure(text, 1, 'Mb/s'), describeFigureName(text)],
  },
  patternAlone(
    `shared/kinds/copy/report.ts`,
    /\.?$/,
    { 'a method of dots': (bytes) => repeat('.', bytes) },
    'on a copy test’s method',
  ),
  patternAlone(
    `shared/kinds/disk/report.ts`,
    /^[A-Z][a-z]/,
    { 'a label': (bytes) => repeat('Aa', bytes) },
    'on a chart’s label',
  ),
  patternAlone(
    `shared/report/export.ts`,
    /[^A-Za-z0-9-]/g,
    { 'a plan name of odd characters': (bytes) => repeat('a/ b', bytes) },
    'on a run’s plan',
  ),
  patternAlone(
    `shared/history/compare-runs.ts`,
    /^[A-Z][a-z]/,
    { 'a test name': (bytes) => repeat('Aa', bytes) },
    'on a test’s name',
  ),
  patternAlone(
    `shared/history/trend-verdict.ts`,
    /^(Download|Upload) \(|^All links at once$/,
    {
      'a test name of near-misses': (bytes) => repeat('Download All links at onc', bytes),
    },
    'on a test’s name',
  ),
  patternAlone(
    `shared/history/trend-verdict.ts`,
    /^Share (read|write)$/,
    { 'a test name': (bytes) => stretch('Share ', 'read', '', bytes) },
    'on a test’s name',
  ),
  patternAlone(
    `shared/history/trend-verdict.ts`,
    /^Load from \d+ computers?, /,
    {
      'a test name of digits': (bytes) => stretch('Load from ', '1', ' computer', bytes),
    },
    'on a test’s name',
  ),
  patternAlone(
    `shared/history/trend-verdict.ts`,
    /^Folder /,
    { 'a test name': (bytes) => repeat('Folder', bytes) },
    'on a test’s name',
  ),
  patternAlone(
    `shared/history/trend-verdict.ts`,
    /^Load from (\d+) computers?, (read|write)$/,
    {
      'a test name of digits': (bytes) => stretch('Load from ', '2', ' computers, rea', bytes),
    },
    'on a test’s name',
  ),
  patternAlone(
    `shared/history/trend-verdict.ts`,
    /^(SEQ|RND)(\S* \S+) (read|write)$/,
    {
      'a test name of words': (bytes) => stretch('SEQ1M ', 'Q8T1 ', 'rea', bytes),
      'a test name of one word': (bytes) => stretch('SEQ', '1', ' x', bytes),
    },
    'on a test’s name',
  ),
  ...[
    /^smbd/,
    /^(nfsd|rpc\.nfsd)/,
    /^(afpd|netatalk)/,
    /^iperf3/,
    /^fio/,
    /^(sshd|dropbear|ssh)/,
    /^(rsync|tar|gzip|zstd|xz|borg|restic|duplicity|hyper-?backup|synobackup)/i,
  ].map((pattern) =>
    patternAlone(
      `shared/verdicts/nas-views.ts`,
      pattern,
      { 'a process name': (bytes) => repeat('smbnfsrpc.nfsafpnetatal', bytes) },
      'on the NAS’s process names',
    ),
  ),
  ...[/upload|write|to the NAS/i, /download|read|from the NAS/i].map((pattern) =>
    patternAlone(
      `shared/verdicts/nas-views.ts`,
      pattern,
      { 'a test name of near-misses': (bytes) => repeat('uploa writ to the NA downloa rea ', bytes) },
      'on a test’s name',
    ),
  ),
  patternAlone(
    `shared/kinds/network/words.ts`,
    /^(8|11(?!\d)|18(?!\d))/,
    { 'a rate of digits': (bytes) => repeat('1', bytes) },
    'on a spoken rate',
  ),
  patternAlone(
    `shared/kinds/network/words.ts`,
    /^(127\.|::1$|fe80:)/i,
    { 'an address': (bytes) => repeat('fe80', bytes) },
    'on the NAS’s addresses',
  ),
  patternAlone(
    `shared/kinds/copy/share-path.ts`,
    /^a folder /,
    { 'a place of near-misses': (bytes) => repeat('a folde', bytes) },
    'on a place’s words',
  ),
  patternAlone(
    `shared/kinds/copy/share-path.ts`,
    /\blink$/i,
    { 'a link name of near-misses': (bytes) => repeat('lin link ', bytes) },
    'on a link’s name',
  ),
];
