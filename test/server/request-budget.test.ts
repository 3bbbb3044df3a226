import { describe, expect, it } from 'vitest';
import { builtPath } from '../../src/server/built-files.js';
import { ownAddress } from '../../src/server/own-address.js';
import { RequestBudget } from '../../src/server/request-budget.js';

describe('a screen’s request budget (D57)', () => {
  const limits = { perSecond: 10, burst: 5, coreMsPerSecond: 100, coreMsBurst: 200 };

  it('answers a burst, then as many a second as the rate', () => {
    const budget = new RequestBudget(limits, 0);
    for (let index = 0; index < 5; index++) expect(budget.take(0)).toBe(true);
    expect(budget.take(0)).toBe(false);
    expect(budget.take(50)).toBe(false);
    expect(budget.take(100)).toBe(true);
    expect(budget.take(100)).toBe(false);
    // A long pause fills the bucket to the burst, never past it.
    for (let index = 0; index < 5; index++) expect(budget.take(60_000)).toBe(true);
    expect(budget.take(60_000)).toBe(false);
  });

  it('owes the core’s time a request took, and answers again once it is paid back', () => {
    const budget = new RequestBudget(limits, 0);
    expect(budget.take(0)).toBe(true);
    budget.spent(500);
    // 200 − 500 = −300 ms: three seconds at 100 ms a second.
    expect(budget.take(1_000)).toBe(false);
    expect(budget.take(2_999)).toBe(false);
    expect(budget.take(3_001)).toBe(true);
  });

  it('a clock that goes back refills nothing', () => {
    const budget = new RequestBudget(limits, 10_000);
    for (let index = 0; index < 5; index++) budget.take(10_000);
    expect(budget.take(0)).toBe(false);
    expect(budget.take(10_050)).toBe(false);
  });
});

describe('the path a request names (D57)', () => {
  it.each([
    ['/', '/index.html'],
    ['/?x=1', '/index.html'],
    ['/#frag', '/index.html'],
    ['/%69ndex.html', '/index.html'],
    ['/.%2findex.html', '/index.html'],
    ['/assets/..%2findex.html', '/index.html'],
    ['/assets/../../etc/passwd', '/etc/passwd'],
    ['//assets//app.js', '/assets/app.js'],
    ['/%252e%252e/x', '/%2e%2e/x'],
    ['/a%3Fb', '/a?b'],
  ])('%s is %s', (target, path) => expect(builtPath(target)).toBe(path));

  it.each(['', 'index.html', 'http://127.0.0.1/index.html', '*', '/%E0%A4%A', '/a%00b', '/a%5cb', '/a\\b'])('%j cannot be read as a path', (target) => expect(builtPath(target)).toBe('bad'));
});

describe('the names this server answers to (D57)', () => {
  it('on loopback: 127.0.0.1, localhost and [::1] with its port, nothing else', () => {
    const own = ownAddress('127.0.0.1', 8420);
    for (const host of ['127.0.0.1:8420', 'localhost:8420', 'LocalHost:8420', '[::1]:8420']) expect(own.host(host), host).toBe(true);
    for (const host of [undefined, '', '127.0.0.1', '127.0.0.1:80', 'evil.example:8420', 'localhost.evil.example:8420', '127.0.0.1.nip.io:8420', 'a@127.0.0.1:8420', '127.0.0.1:8420/x', '127.0.0.1:8420?x', '10.0.0.5:8420']) expect(own.host(host), String(host)).toBe(false);
    expect(own.origin('http://127.0.0.1:8420')).toBe(true);
    expect(own.origin('http://localhost:8420')).toBe(true);
    for (const origin of ['null', 'http://evil.example:8420', 'http://127.0.0.1:8421', 'file://', 'chrome-extension://abc', 'http://127.0.0.1:8420/path', 'ws://127.0.0.1:8420']) expect(own.origin(origin), origin).toBe(false);
  });

  it('on the port HTTP leaves out, a Host without a port', () => {
    const own = ownAddress('127.0.0.1', 80);
    expect(own.host('127.0.0.1')).toBe(true);
    expect(own.host('127.0.0.1:80')).toBe(true);
    expect(own.origin('http://localhost')).toBe(true);
  });

  it('started on an address or a name: that one too', () => {
    expect(ownAddress('10.0.0.5', 8420).host('10.0.0.5:8420')).toBe(true);
    expect(ownAddress('10.0.0.5', 8420).host('10.0.0.6:8420')).toBe(false);
    expect(ownAddress('table7.casino.example', 8420).host('TABLE7.casino.example:8420')).toBe(true);
    expect(ownAddress('fd00::7', 8420).host('[fd00::7]:8420')).toBe(true);
    expect(ownAddress('fd00::7', 8420).origin('http://[fd00::7]:8420')).toBe(true);
  });

  it('started on every interface: any IP address, but no name but localhost', () => {
    for (const everywhere of ['0.0.0.0', '::']) {
      const own = ownAddress(everywhere, 8420);
      expect(own.host('192.168.1.20:8420')).toBe(true);
      expect(own.host('[fe80::1]:8420')).toBe(true);
      expect(own.host('localhost:8420')).toBe(true);
      expect(own.host('table7.casino.example:8420')).toBe(false);
    }
  });
});
