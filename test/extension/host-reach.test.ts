import { describe, expect, it } from 'vitest';
import { hostClass, reachOf } from '../../src/extension/lib/host-reach';

/*
 * Which image addresses the gateway is asked to fetch first, decided from the two URLs (issue 22):
 * the classes of hosts the gateway refuses or cannot reach, and the three ways that follow.
 */

describe('host classes', () => {
  it('loopback: 127/8, ::1, localhost and its subdomains, the unspecified address', () => {
    for (const h of ['127.0.0.1', '127.3.2.1', '[::1]', 'localhost', 'app.localhost', '0.0.0.0', '[::ffff:127.0.0.1]']) expect(hostClass(h), h).toBe('loopback');
  });

  it('private: RFC 1918, link-local, unique-local, CGNAT, one-label names and intranet suffixes', () => {
    for (const h of ['10.1.2.3', '172.16.0.9', '192.168.1.10', '169.254.169.254', '[fd00::1]', '[fe80::1]', '100.64.0.1', 'oa', 'fileserver', 'nas.local', 'wiki.corp', 'printer.home.arpa', 'erp.internal']) {
      expect(hostClass(h), h).toBe('private');
    }
  });

  it('public: addresses and names on the internet', () => {
    for (const h of ['8.8.8.8', 'img.example.com', 'cdn.jsdelivr.net', '[2001:4860:4860::8888]', 'example.com.']) expect(hostClass(h), h).toBe('public');
  });
});

describe('the way an image address goes', () => {
  it('a public image: the gateway fetches it first, wherever the gateway is', () => {
    expect(reachOf('https://img.example.com/a.jpg', 'https://gw.example.com')).toBe('try');
    expect(reachOf('https://img.example.com/a.jpg', 'http://127.0.0.1:8080')).toBe('try');
  });

  it("the user's loopback: read in the page unless the gateway runs on the same machine", () => {
    expect(reachOf('http://127.0.0.1:5000/a.png', 'https://gw.example.com')).toBe('page');
    expect(reachOf('http://localhost/a.png', 'http://10.0.0.5:8080')).toBe('page');
    expect(reachOf('http://localhost/a.png', 'http://127.0.0.1:8080')).toBe('race');
  });

  it('an intranet image: read in the page for a gateway on the internet, beside the URL for one in a private network', () => {
    expect(reachOf('http://oa/files/1.jpg', 'https://gw.example.com')).toBe('page');
    expect(reachOf('http://192.168.1.10/vin.jpg', 'https://gw.example.com')).toBe('page');
    expect(reachOf('http://192.168.1.10/vin.jpg', 'http://10.0.0.5:8080')).toBe('race');
    expect(reachOf('http://192.168.1.10/vin.jpg', 'http://127.0.0.1:8080')).toBe('race');
  });

  it('addresses that do not parse go the usual way', () => {
    expect(reachOf('not a url', 'https://gw.example.com')).toBe('try');
  });
});
