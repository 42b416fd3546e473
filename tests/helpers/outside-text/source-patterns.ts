import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The regular expressions a source file holds, read from its syntax tree: each literal as
 * `/source/flags`, each `new RegExp(…)` by the name of the constant it is kept in. Both sides of
 * a comparison go through {@link patternKey}, so `/[/]/` and `/[\/]/` count as one.
 */
export function patternsInSource(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = node.getText(source);
      const end = text.lastIndexOf('/');
      found.push(patternKey(new RegExp(text.slice(1, end), text.slice(end + 1))));
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      node.expression.getText(source) === 'RegExp'
    ) {
      found.push(builtPatternName(node, source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

/** One spelling for a pattern, whichever way its source was written. */
export function patternKey(pattern: RegExp | string): string {
  return typeof pattern === 'string' ? pattern : `${new RegExp(pattern.source, pattern.flags)}`;
}

function builtPatternName(node: ts.Node, source: ts.SourceFile): string {
  for (let parent = node.parent; parent !== undefined; parent = parent.parent) {
    if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
    if (ts.isFunctionDeclaration(parent) && parent.name) return `${parent.name.getText(source)}()`;
  }
  return 'new RegExp';
}

/** Every TypeScript source file under the folders (from the repository root) that holds a pattern. */
export function sourceFilesWithPatterns(folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const at = path.posix.join(folder, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(at);
      else if (/\.(ts|tsx|mts)$/.test(entry.name) && patternsInSource(at).length > 0) files.push(at);
    }
  };
  folders.forEach(walk);
  return files.sort();
}
