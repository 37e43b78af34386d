import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { subdomainFromHost } from './host';

const { bareHosts } = loadConfig({ BARE_HOSTS: 'portal.example.com, pay.example.com' });

describe('tenant from the Host header', () => {
  it("takes the first label of a tenant's host, with or without a port", () => {
    expect(subdomainFromHost('demo.localhost:3000', bareHosts)).toBe('demo');
    expect(subdomainFromHost('Demo.Parking.Example.com', bareHosts)).toBe('demo');
    expect(subdomainFromHost('demo.parking.example.com.', bareHosts)).toBe('demo');
  });
  it('finds no tenant on bare hosts', () => {
    for (const host of [
      'localhost:3000',
      '127.0.0.1:3000',
      'www.parking.example.com',
      'pay.parking.example.com',
      'portal.example.com',
      '[::1]:3000',
      '10.0.0.7',
      '',
      undefined,
    ]) {
      expect(subdomainFromHost(host, bareHosts)).toBeNull();
    }
  });
  it('refuses labels that are not DNS labels', () => {
    expect(subdomainFromHost('de_mo.localhost', bareHosts)).toBeNull();
  });
});
