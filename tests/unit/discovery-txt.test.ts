import dnsPacket from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { DeviceBook } from '../../electron/engine/discovery/device-book';
import { factsFromPacket } from '../../electron/engine/discovery/mdns-records';
import { identifyFromTxt, isFinderIconModel, qnapFields } from '../../electron/engine/discovery/txt';
import { DiscoveredDevice } from '../../shared/contract/discovery';
import { announcementRecords, readNasFixture } from '../lab/responders/announcement';

/** A fixture announced on the wire: encoded as a real mDNS response and decoded again. */
function heardFrom(fixtureName: string, address: string, book = new DeviceBook()): DeviceBook {
  const records = announcementRecords(readNasFixture(fixtureName), address);
  const wire = dnsPacket.encode({ type: 'response', flags: dnsPacket.AUTHORITATIVE_ANSWER, ...records });
  book.addMdns(factsFromPacket(dnsPacket.decode(wire)), address);
  return book;
}

function onlyDevice(book: DeviceBook): DiscoveredDevice {
  const devices = book.devices();
  expect(devices).toHaveLength(1);
  return DiscoveredDevice.parse(devices[0]);
}

const privateValues = ['SERIAL1234XYZ', '00:11:32', 'Q19BSERIAL77', '24:5e:be', '001132AABBCC'];

describe('TXT records of the documented NAS announcements', () => {
  it('Synology: vendor, model and DSM version from _http TXT; Xserve is not the model', () => {
    const device = onlyDevice(heardFrom('synology', '198.18.9.2'));
    expect(device).toMatchObject({
      name: 'DiskStation',
      hostname: 'diskstation.local',
      addresses: ['198.18.9.2'],
      vendor: 'synology',
      model: 'DS218+',
      osVersion: '7.1-42661',
      likelyNas: true,
      sources: ['mdns'],
    });
    expect(device.services).toEqual(['afp', 'http', 'smb', 'ssh', 'time-machine', 'webdav']);
    expect(device.ports).toContainEqual({ kind: 'smb', port: 445 });
    expect(device.ports).toContainEqual({ kind: 'http', port: 5000 });
  });

  it('QNAP: the single comma-joined _qdiscover string gives display model, firmware and the web admin port', () => {
    const device = onlyDevice(heardFrom('qnap', '198.18.9.3'));
    expect(device).toMatchObject({ vendor: 'qnap', model: 'HS-453DX', osVersion: '4.4.1 build 20190528' });
    expect(device.services).toEqual(['afp', 'http', 'qnap-finder', 'smb', 'workstation']);
    expect(device.ports).toContainEqual({ kind: 'http', port: 8080 });
  });

  it('splits QNAP TXT only where a new key starts', () => {
    const fields = qnapFields(['accessType=http,accessPort=8080,model=TS-X53D,note=a,b,fwVer=4.4.1']);
    expect(fields.get('model')).toBe('TS-X53D');
    expect(fields.get('note')).toBe('a,b');
    expect(fields.get('fwver')).toBe('4.4.1');
  });

  it('TrueNAS: its default Finder icon string names the vendor, never a model', () => {
    const device = onlyDevice(heardFrom('truenas', '198.18.9.4'));
    expect(device).toMatchObject({ vendor: 'truenas', model: null, likelyNas: true });
    expect(device.services).toEqual(['http', 'smb', 'time-machine']);
  });

  it('OMV: RackMac together with its web/NFS signs names OpenMediaVault; services under several names are one box', () => {
    const device = onlyDevice(heardFrom('omv', '198.18.9.5'));
    expect(device).toMatchObject({ name: 'vault', vendor: 'omv', model: null });
    expect(device.services).toEqual(['http', 'https', 'nfs', 'sftp', 'smb', 'ssh', 'time-machine']);
    expect(device.ports).toContainEqual({ kind: 'nfs', port: 2049 });
  });

  it('never takes a Finder icon hint for a model', () => {
    for (const model of ['Xserve', 'RackMac', 'MacPro7,1@ECOLOR=226,226,224', 'MacSamba', 'TimeCapsule8,119']) {
      expect(isFinderIconModel(model)).toBe(true);
      expect(identifyFromTxt('_device-info._tcp', [`model=${model}`]).model).toBeUndefined();
    }
    expect(isFinderIconModel('DS218+')).toBe(false);
  });

  it('keeps serial numbers and MAC addresses out of the device list', () => {
    const book = heardFrom('qnap', '198.18.9.3', heardFrom('synology', '198.18.9.2'));
    const text = JSON.stringify(book.devices());
    for (const value of privateValues) expect(text).not.toContain(value);
  });

  it('lists each device once, NASes first, and merges SSDP answers by address', () => {
    const book = heardFrom('qnap', '198.18.9.3', heardFrom('synology', '198.18.9.2'));
    book.addSsdp({ address: '198.18.9.2', description: { manufacturer: 'Synology', modelName: 'DS218+' } });
    book.addSsdp({ address: '198.18.9.77', description: { friendlyName: 'Living room TV', manufacturer: 'Acme' } });
    const devices = book.devices();
    expect(devices.map((device) => device.name)).toEqual(['DiskStation', 'NAS4F2A10', 'Living room TV']);
    expect(devices[0]).toMatchObject({ sources: ['mdns', 'ssdp'], addresses: ['198.18.9.2'] });
    expect(devices[2]).toMatchObject({ likelyNas: false, services: ['upnp'], vendor: null });
  });

  it('hearing the same announcement again changes nothing', () => {
    const once = heardFrom('synology', '198.18.9.2').devices();
    const twice = heardFrom('synology', '198.18.9.2', heardFrom('synology', '198.18.9.2')).devices();
    expect(twice).toEqual(once);
  });
});
