/**
 * The figures a report shows, format by format, in the order it shows them: what must come out
 * exactly the same when the report is anonymised (issue #20). Taken from where each format puts
 * figures, never from its free text, which holds names (and a name may hold digits).
 */

/** Every number in a value, by where it sits. */
export function numbersOf(value: unknown, at = ''): [string, number][] {
  if (typeof value === 'number') return [[at, value]];
  if (Array.isArray(value)) return value.flatMap((item, index) => numbersOf(item, `${at}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => numbersOf(item, `${at}.${key}`));
  return [];
}

const contents = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1] ?? '');

/** The CSV columns that hold figures (csv.ts): base units, so nothing is lost to rounding. */
const figureColumns =
  /^(?:bytes_per_second|bits_per_second|iops|latency_p\d\d_ns|.*_bytes|streams_or_jobs|bytes|seconds|t_seconds|spread_relative|udp_.*)$/;

function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const fields: string[] = [];
    for (const match of line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)) {
      const field = match[1] ?? '';
      fields.push(field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);
    }
    rows.push(fields);
  }
  return rows;
}

/** A chart's axis tick or bar value ("500", "1,803 MB/s"); its other labels are names and words. */
const chartFigure = /^[\d.,]+(?: [A-Za-z]+\/s)?$/;

export function figuresShown(format: string, text: string): string[] {
  switch (format) {
    case 'html':
      return [
        // The headline figures, every figure cell of the tests table, each verdict's numbers, the chart labels.
        ...contents(text, /<div class="headline">([\s\S]*?)<\/div><\/div>/g),
        ...contents(text, /<td class="num">([\s\S]*?)<\/td>/g),
        ...contents(text, /<div class="verdict[^"]*">[\s\S]*?<small>([\s\S]*?)<\/small>/g),
        ...contents(text, /(<svg[\s\S]*?<\/svg>)/g)
          .flatMap((svg) => contents(svg, /<text[^>]*>([^<]*)<\/text>/g))
          .filter((label) => chartFigure.test(label)),
      ];
    case 'md':
      // The figure and details columns of the tests table.
      return text
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .map((line) => line.split(' | ').slice(2).join(' | '));
    case 'csv':
    case 'csv-samples':
    case 'csv-grid': {
      const [head = [], ...rows] = csvRows(text);
      const columns = head.flatMap((name, index) => (figureColumns.test(name) ? [index] : []));
      return rows.map((row) => columns.map((index) => row[index] ?? '').join(','));
    }
    case 'json':
      return numbersOf(JSON.parse(text)).map(([at, value]) => `${at}=${value}`);
    default:
      return [];
  }
}
