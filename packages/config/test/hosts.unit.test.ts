import { describe, expect, it } from 'vitest';
import { answersHost, hostNameOfHeader, hostRule } from '../src/hosts.ts';

describe('the hosts a process answers', () => {
  const rule = hostRule({
    publicUrl: 'https://Cars.Example.com:8443',
    allowed: ['query-service', 'Internal.Example'],
  });

  it('answers its public host and the names it is told, with any port and in any case', () => {
    for (const host of [
      'cars.example.com',
      'CARS.example.com:8443',
      'cars.example.com.',
      'query-service:3002',
      'internal.example',
    ]) {
      expect(answersHost(rule, host), host).toBe(true);
    }
  });

  it('answers addresses and localhost, which no page elsewhere can name', () => {
    for (const host of [
      '127.0.0.1',
      '127.0.0.1:3000',
      '[::1]:3000',
      '10.0.0.5:3001',
      'localhost',
      'localhost:9099',
      'app.localhost',
    ]) {
      expect(answersHost(hostRule({}), host), host).toBe(true);
    }
  });

  it('refuses every other name, including look-alikes of the allowed ones', () => {
    for (const host of [
      'rebind.attacker.example',
      'rebind.attacker.example:3000',
      'cars.example.com.attacker.example',
      'evilcars.example.com',
      'localhost.attacker.example',
      '127.0.0.1.nip.io',
      '',
      ':3000',
    ]) {
      expect(answersHost(rule, host), host).toBe(false);
    }
  });

  it('answers a request without a Host header, which no browser sends', () => {
    expect(answersHost(rule, undefined)).toBe(true);
  });

  it('reads the name of a Host header', () => {
    expect(hostNameOfHeader('Example.COM:80')).toBe('example.com');
    expect(hostNameOfHeader('[::1]:3000')).toBe('::1');
    expect(hostNameOfHeader('[::1]')).toBe('::1');
    expect(hostNameOfHeader('example.com.')).toBe('example.com');
  });
});
