import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseLinuxMountPoints,
  parseSambaConfig,
  sessionFromCifsOptions,
  sessionFromNfsOptions,
  sessionFromSambaConfig,
  sessionFromSmbstatus,
  sessionFromStatsharesText,
  sshfsSession,
} from '../../electron/engine/copy';
import type { ShareSession } from '../../shared/contract/figure-quality';
import {
  describeCost,
  describeSession,
  describeTransferSizes,
  sessionCosts,
  type SessionCost,
} from '../../shared/kinds/copy/share-session';

/** Sessions as the readers give them from real captures (tests/fixtures/shares/README.md), said in words. */

const shares = (name: string) => readFileSync(path.join(__dirname, '../fixtures/shares', name), 'utf8');
const mounts = (name: string) => readFileSync(path.join(__dirname, '../fixtures/mounts', name), 'utf8');

function session(value: ShareSession | null): ShareSession {
  if (!value) throw new Error('the capture gave no session');
  return value;
}

const labStatus = shares('samba-smbstatus-lab-smbnetfs.txt');
const plain = session(sessionFromSmbstatus(labStatus, 'share'));
const encrypted = session(sessionFromSmbstatus(labStatus, 'secure'));
const signedOnly = session(sessionFromSmbstatus(shares('samba-smbstatus-lab-signing-required.txt'), 'share'));
const ids = (costs: SessionCost[]) => costs.map((cost) => cost.id);

describe('a session in words', () => {
  it('names the dialect, then signing and encryption', () => {
    expect(describeSession(plain)).toBe('SMB 3.1.1, not signed, not encrypted');
    expect(describeSession(encrypted)).toBe('SMB 3.1.1, signed, encrypted');
    expect(describeSession(session(sessionFromStatsharesText(shares('macos-statshares-catalina.txt'), 'x')))).toBe(
      'SMB 3.0.2, not signed, encryption unknown',
    );
  });

  it('says what is unknown as unknown, and an old ceiling the NAS sets as “or older”', () => {
    const config = parseSambaConfig('[global]\n\tserver max protocol = SMB2\n');
    expect(describeSession(sessionFromSambaConfig(config, 'x'))).toBe(
      'SMB 2.1 or older, signing unknown, encryption unknown',
    );
    const [nfs] = parseLinuxMountPoints(mounts('linux-public-captures.txt')).filter((mount) => mount.fsType === 'nfs4');
    expect(describeSession(sessionFromNfsOptions(nfs?.options ?? ''))).toBe('NFS 4.2, not signed, not encrypted');
    expect(describeSession(sshfsSession())).toBe('SFTP over SSH (sshfs), signed, encrypted');
  });

  it('says the transfer sizes when the client told them', () => {
    const [cifs] = parseLinuxMountPoints(mounts('linux-public-captures.txt'));
    expect(describeTransferSizes(sessionFromCifsOptions(cifs?.options ?? ''))).toBe(
      'reads and writes 4.00 MiB per request',
    );
    expect(describeTransferSizes({ ...plain, rsize: 65536 })).toBe('reads 64.0 KiB per request');
    expect(describeTransferSizes(plain)).toBeNull();
  });
});

describe('what costs speed, the setting that changes it, and what changing it gives up', () => {
  it('a plain SMB 3.1.1 session costs nothing known', () => {
    expect(sessionCosts(plain)).toEqual([]);
  });

  it('encryption (which also signs) is one cost, named with Samba’s setting and its trade-off', () => {
    const [cost, ...rest] = sessionCosts(encrypted);
    expect(rest).toEqual([]);
    expect(cost?.id).toBe('encryption');
    expect(cost?.setting).toMatch(/`smb encrypt`/);
    expect(cost?.tradeOff).toMatch(/read the files/);
  });

  it('signing names the NAS’s setting and, when known, only this computer’s own', () => {
    expect(ids(sessionCosts(signedOnly))).toEqual(['signing']);
    const [windows] = sessionCosts(signedOnly, 'win32');
    expect(windows?.setting).toMatch(/`server signing`.*RequireSecuritySignature/);
    expect(windows?.setting).not.toMatch(/nsmb\.conf/);
    const [unknownClient] = sessionCosts(signedOnly);
    expect(unknownClient?.setting).toMatch(/RequireSecuritySignature.*nsmb\.conf.*`sign`/);
  });

  it('an old dialect, small transfers and writes that wait for the disk each add a cost', () => {
    const old = { ...plain, version: '2.0.2', rsize: 65536, wsize: 65536, syncWrites: true };
    expect(ids(sessionCosts(old))).toEqual(['old-dialect', 'small-transfers', 'sync-writes']);
    const config = parseSambaConfig('[global]\n\tserver max protocol = SMB2\n');
    expect(ids(sessionCosts(sessionFromSambaConfig(config, 'x')))).toEqual(['old-dialect']);
    // SMB 3.0 is no old dialect; 1 MiB requests are not small.
    expect(sessionCosts({ ...plain, version: '3.0', rsize: 1048576, wsize: 1048576 })).toEqual([]);
  });

  it('sshfs always encrypts: its cost says so and names the alternative', () => {
    const [cost] = sessionCosts(sshfsSession());
    expect(cost?.setting).toMatch(/sshfs always encrypts/);
  });

  it('every cost reads as three lines: what costs, how to change it, what that gives up', () => {
    const all = sessionCosts({ ...encrypted, version: '1', rsize: 16384, wsize: 16384, syncWrites: true });
    expect(ids(all)).toEqual(['encryption', 'old-dialect', 'small-transfers', 'sync-writes']);
    for (const cost of all) {
      const lines = describeCost(cost);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^To change it: /);
      expect(lines[2]).toMatch(/^What it gives up: /);
      expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    }
  });
});
