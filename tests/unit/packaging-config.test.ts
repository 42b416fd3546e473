import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

interface Schema {
  properties: Record<string, unknown>;
  definitions: { FuseOptionsV1: { properties: Record<string, unknown> } };
}

const config = parse(await readFile('electron-builder.yml', 'utf8')) as Record<string, unknown> & {
  electronFuses: Record<string, boolean>;
  linux: { target: string[]; icon: string };
  mac: { target: string[] };
  win: { target: string[] };
};

describe('electron-builder.yml', () => {
  it("uses only options electron-builder's schema knows (a typo would be silently ignored)", async () => {
    const schema = JSON.parse(await readFile('node_modules/app-builder-lib/scheme.json', 'utf8')) as Schema;
    const known = Object.keys(schema.properties);
    expect(Object.keys(config).filter((key) => !known.includes(key))).toEqual([]);
    const knownFuses = Object.keys(schema.definitions.FuseOptionsV1.properties);
    expect(Object.keys(config.electronFuses).filter((key) => !knownFuses.includes(key))).toEqual([]);
  });

  it('turns off run-as-node, NODE_OPTIONS and inspect, and enforces asar integrity', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });

  it('builds AppImage and deb, dmg, and nsis, with no native rebuild', async () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.npmRebuild).toBe(false);
    await expect(readFile(config.linux.icon)).resolves.toBeInstanceOf(Buffer);
  });
});
