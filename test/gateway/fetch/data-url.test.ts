import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_ALLOW_LIST, fetchInput } from '../../../src/gateway/fetch';
import { expectGatewayError } from './server';

const MB = 1024 * 1024;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const options = { maxBytes: 3 * MB, allow: EMPTY_ALLOW_LIST };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fetchInput with data: URLs', () => {
  it('decodes base64', async () => {
    const url = `data:image/png;base64,${PNG.toString('base64')}`;
    const got = await fetchInput(url, options);
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    expect(got.contentType).toBe('image/png');
    expect(got.finalUrl).toBe(url);
  });

  it('decodes base64 with whitespace, no padding, upper-case marker and a fragment', async () => {
    const b64 = PNG.toString('base64').replace(/=+$/, '');
    const spaced = `${b64.slice(0, 5)} \n${b64.slice(5)}`;
    const got = await fetchInput(` DATA:Image/PNG;BASE64,${spaced}#frag `, options);
    expect(Buffer.from(got.bytes).equals(PNG)).toBe(true);
    expect(got.contentType).toBe('image/png');
  });

  it('decodes the percent-encoded form, bytes above 0x7f included', async () => {
    const got = await fetchInput('data:,%89PNG%0D%0A%1a%0a hello%zz%', options);
    expect(Buffer.from(got.bytes)).toEqual(Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n hello%zz%')]));
    expect(got.contentType).toBeUndefined();
  });

  it('keeps parameters of the media type', async () => {
    const got = await fetchInput('data:text/plain;charset=utf-8,%E4%BD%A0', options);
    expect(Buffer.from(got.bytes).toString('utf8')).toBe('你');
    expect(got.contentType).toBe('text/plain;charset=utf-8');
    expect((await fetchInput('data:;charset=utf-8,a', options)).contentType).toBe('text/plain;charset=utf-8');
  });

  it('accepts exactly the limit and refuses one byte more', async () => {
    const at = Buffer.alloc(3000, 1).toString('base64');
    expect((await fetchInput(`data:image/png;base64,${at}`, { ...options, maxBytes: 3000 })).bytes.length).toBe(3000);
    await expectGatewayError(
      fetchInput(`data:image/png;base64,${at}`, { ...options, maxBytes: 2999 }),
      'INPUT_TOO_LARGE',
      /^data: URL holds 3000 bytes, over the limit of 2999 bytes$/,
    );
    await expectGatewayError(
      fetchInput(`data:,${'%41'.repeat(11)}`, { ...options, maxBytes: 10 }),
      'INPUT_TOO_LARGE',
      /^data: URL holds 11 bytes, over the limit of 10 bytes$/,
    );
  });

  it('refuses a data: bomb by its length, without decoding it', async () => {
    const from = vi.spyOn(Buffer, 'from');
    // 16 MB of base64 (12 MB decoded) with garbage at the very end: had it been decoded, the
    // garbage would have been reported as invalid base64 instead. (The size is told from the
    // length alone, garbage included: 12 MB and 2 bytes.)
    const bomb = `data:image/png;base64,${'A'.repeat(16 * MB)}!!!`;
    const started = Date.now();
    await expectGatewayError(
      fetchInput(bomb, options),
      'INPUT_TOO_LARGE',
      new RegExp(`^data: URL holds ${12 * MB + 2} bytes, over the limit of ${3 * MB} bytes$`),
    );
    expect(from).not.toHaveBeenCalled();
    expect(Date.now() - started).toBeLessThan(1000);
    await expectGatewayError(fetchInput(`data:,${'%00'.repeat(4 * MB)}`, options), 'INPUT_TOO_LARGE', /holds 4194304 bytes/);
    expect(from).not.toHaveBeenCalled();
  });

  it.each([
    ['data:image/png;base64,iVBO!RwKG', /^data: URL is not valid base64$/],
    ['data:image/png;base64,iVBORw0KGg=x', /^data: URL is not valid base64$/],
    ['data:image/png;base64,A', /^data: URL is not valid base64$/],
    ['data:image/png;base64,iVBORw0K-_', /^data: URL is not valid base64$/],
    ['data:image/png;base64iVBORw0KGgo', /^data: URL has no comma before its data$/],
    [`data:${'x'.repeat(300)},abc`, /^data: URL media type is too long$/],
  ])('refuses the malformed %s', async (url, detail) => {
    await expectGatewayError(fetchInput(url, options), 'INPUT_UNREADABLE', detail);
  });
});
