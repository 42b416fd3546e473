/**
 * The path without the separators it ends with: `/volume1/` → `/volume1`, `Z:\photos\` → `Z:\photos`
 * (with `backslashes`). A scan from the end, not `/\/+$/`, which a regular expression engine tries
 * from every slash of a long run: quadratic on a mount point a NAS or a mount table reports.
 */
export function withoutTrailingSlashes(path: string, options: { backslashes?: boolean } = {}): string {
  let end = path.length;
  while (end > 0 && (path[end - 1] === '/' || (options.backslashes === true && path[end - 1] === '\\'))) end -= 1;
  return path.slice(0, end);
}
