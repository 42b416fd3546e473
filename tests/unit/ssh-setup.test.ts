import { describe, expect, it } from 'vitest';
import { NasVendor } from '../../shared/contract/probe';
import { anyNasSshSetup, hasOwnSshSetup, sshSetupBrands, sshSetupFor } from '../../shared/words/ssh-setup';

/** The SSH set-up help per brand (#49): every brand the issue names, each with where, who and the fingerprint. */
describe('SSH set-up help', () => {
  it('has help of its own for each brand the issue names, all of them brands the probe can tell', () => {
    expect(sshSetupBrands.sort()).toEqual([
      'asustor',
      'qnap',
      'synology',
      'terramaster',
      'truenas',
      'ugreen',
      'unraid',
    ]);
    for (const brand of sshSetupBrands) expect(NasVendor.options).toContain(brand);
  });

  it.each(sshSetupBrands)(
    '%s: where to switch SSH on, which account, and what to do about the fingerprint',
    (brand) => {
      const setup = sshSetupFor(brand);
      expect(setup).not.toBe(anyNasSshSetup);
      expect(setup.switchOn.length).toBeGreaterThan(0);
      expect(setup.switchOn.join(' ')).toMatch(/SSH/);
      expect(setup.account.length).toBeGreaterThan(10);
      // No brand was found to show it in its web page: each says so, and what to do instead.
      expect(setup.fingerprint).toMatch(/does not show its SSH fingerprint/);
      expect(setup.fingerprint).toMatch(/warning if it ever changes/);
    },
  );

  it('names each brand’s own menu where the vendor documents one', () => {
    expect(sshSetupFor('synology').switchOn.join(' ')).toContain('Control Panel > Terminal & SNMP > Terminal');
    expect(sshSetupFor('qnap').switchOn.join(' ')).toContain('Control Panel > Network & File Services > Telnet / SSH');
    expect(sshSetupFor('unraid').switchOn.join(' ')).toContain('Settings > Management Access');
    expect(sshSetupFor('truenas').switchOn.join(' ')).toContain('Start Automatically');
    expect(sshSetupFor('ugreen').switchOn.join(' ')).toContain('Control Panel > Terminal > SSH');
    expect(sshSetupFor('asustor').switchOn.join(' ')).toContain('Services > Terminal');
    // TerraMaster's menu is documented nowhere we found: no invented path, and its other port said.
    expect(sshSetupFor('terramaster').switchOn.join(' ')).not.toMatch(/ > /);
    expect(sshSetupFor('terramaster').watchOut).toContain('9222');
  });

  it('gives general help for any other NAS, unknown vendors and none', () => {
    for (const vendor of ['omv', 'linux', 'unknown', 'macos', null, undefined, '__proto__', 'toString']) {
      expect(sshSetupFor(vendor)).toBe(anyNasSshSetup);
      expect(hasOwnSshSetup(vendor)).toBe(false);
    }
  });
});
