import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resultKinds } from '../../shared/kinds';

/**
 * A result kind is one descriptor in a map typed over every kind (shared/kinds/, and the renderer's
 * renderer/src/kinds/): adding a kind without its pieces must not compile, and the compiler must say
 * which piece is missing. Shown on a stub kind: small programs over `TestResult | StubResult`, compiled
 * with the project's own compiler options (tsconfig.web.json: shared/ and the renderer together).
 */

const root = path.resolve(__dirname, '../..');
const stubFile = path.join(root, 'tests/unit/stub-kind.tsx');

function compilerOptions(): ts.CompilerOptions {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.web.json'), (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  return { ...parsed.options, noEmit: true, composite: false, incremental: false };
}

/** A program of the project's files and one more, which is not on disk. */
function compile(source: string, oldProgram?: ts.Program): { program: ts.Program; messages: string[] } {
  const options = compilerOptions();
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (file, language, ...rest) =>
    path.resolve(file) === stubFile
      ? ts.createSourceFile(file, source, language, true, ts.ScriptKind.TSX)
      : getSourceFile.call(host, file, language, ...rest);
  host.fileExists = (file) => path.resolve(file) === stubFile || fileExists.call(host, file);
  host.readFile = (file) => (path.resolve(file) === stubFile ? source : readFile.call(host, file));
  const program = ts.createProgram({ rootNames: [stubFile], options, host, ...(oldProgram ? { oldProgram } : {}) });
  const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(stubFile));
  return { program, messages: diagnostics.map((found) => ts.flattenDiagnosticMessageText(found.messageText, '\n')) };
}

const stubKind = `
import type { TestResult } from '../../shared/contract/runs';
import type { KindDescriptor, KindDescriptors } from '../../shared/kinds/descriptor';
import type { RendererKind, RendererKinds } from '../../renderer/src/kinds/types';
/** A kind the contract does not have. */
interface StubResult { kind: 'stub'; bytesPerSecond: number }
type Results = TestResult | StubResult;
`;

/** The members of a descriptor type, as the compiler sees them. */
function membersOf(program: ts.Program, name: string): string[] {
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(stubFile);
  const symbol = file && checker.getSymbolAtLocation(file)?.exports?.get(ts.escapeLeadingUnderscores(name));
  if (!symbol || !file) throw new Error(`${name} is not in the stub program`);
  return checker
    .getTypeOfSymbolAtLocation(symbol, file)
    .getProperties()
    .map((member) => member.name);
}

describe('result kinds: one descriptor each, in maps typed over every kind', () => {
  const declared = compile(
    `${stubKind}
export declare const shared: KindDescriptor<StubResult>;
export declare const renderer: RendererKind<StubResult>;
`,
  );
  const sharedMembers = membersOf(declared.program, 'shared');
  const rendererMembers = membersOf(declared.program, 'renderer');

  it('every kind in the shared map has every piece the descriptor type lists, and nothing else', () => {
    expect(declared.messages).toEqual([]);
    expect(sharedMembers).toEqual(expect.arrayContaining(['addFigures', 'reportRows', 'compareFigures', 'cliText']));
    expect(rendererMembers).toEqual(expect.arrayContaining(['ResultView', 'finishedFigure']));
    for (const descriptor of Object.values(resultKinds))
      expect(Object.keys(descriptor).sort()).toEqual([...sharedMembers].sort());
  });

  it('a new kind compiles once both maps have its descriptor with every piece', () => {
    const { messages } = compile(
      `${stubKind}
import { resultKinds } from '../../shared/kinds';
import { rendererKinds } from '../../renderer/src/kinds';
declare const stub: KindDescriptor<StubResult>;
declare const stubView: RendererKind<StubResult>;
export const shared: KindDescriptors<Results> = { ...resultKinds, stub };
export const renderer: RendererKinds<Results> = { ...rendererKinds, stub: stubView };
`,
      declared.program,
    );
    expect(messages).toEqual([]);
  });

  it('the compiler names the kind missing from each map, and each piece missing from its descriptor', () => {
    const without = (type: string, value: string, member: string, index: number) =>
      `const { ${member}: _${index}, ...without${index} } = ${value};\n` +
      `export const missing${index}: ${type}<StubResult> = without${index};\n`;
    const { messages } = compile(
      `${stubKind}
import { resultKinds } from '../../shared/kinds';
import { rendererKinds } from '../../renderer/src/kinds';
declare const stub: KindDescriptor<StubResult>;
declare const stubView: RendererKind<StubResult>;
export const shared: KindDescriptors<Results> = { ...resultKinds };
export const renderer: RendererKinds<Results> = { ...rendererKinds };
${sharedMembers.map((member, index) => without('KindDescriptor', 'stub', member, index)).join('')}
${rendererMembers.map((member, index) => without('RendererKind', 'stubView', member, sharedMembers.length + index)).join('')}
`,
      declared.program,
    );
    const missing = (property: string, type: string) =>
      expect.stringMatching(new RegExp(`Property '${property}' is missing in type .* but required in type '${type}`));
    expect(messages).toEqual(
      expect.arrayContaining([
        missing('stub', 'KindDescriptors<Results>'),
        missing('stub', 'RendererKinds<Results>'),
        ...sharedMembers.map((member) => missing(member, 'KindDescriptor<StubResult>')),
        ...rendererMembers.map((member) => missing(member, 'RendererKind<StubResult>')),
      ]),
    );
    // One message per missing piece, and no other.
    expect(messages).toHaveLength(2 + sharedMembers.length + rendererMembers.length);
  });
});
