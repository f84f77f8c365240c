import { describe, expect, it } from 'vitest';
import { signRequest, signV2, stringToSignV2 } from '../../../src/gateway/auth/hmac-sha256';
import {
  formatGatewayTimestamp,
  parseGatewayTimestamp,
  sign,
  stringToSign,
  verifySignature,
} from '../../../src/gateway/auth/signature';

describe('ShowAPI-compatible signatures (DESIGN.md §2 test vectors)', () => {
  it('matches the published showapi_appid vectors', () => {
    expect(sign({ pag: 'for_test', page: '1', showapi_appid: '123', title: '足球' }, '006513e01bd344fca03610d1fd0145f0').toUpperCase()).toBe(
      '030554F4F9375B4DCFEF5ECEC4488737',
    );
    const p = { com: 'zhongtong', nu: '123456', showapi_appid: '123' };
    expect(sign(p, '123456789abcdef', 'md5')).toBe('a97e6cf6a27a53872080a4f4b1382322');
    expect(sign(p, '123456789abcdef', 'hmac').toUpperCase()).toBe('3D803254BE1A606CA86DA626619A465B');
  });

  it('matches the gateway_appid vectors (gateway_appid sorts first)', () => {
    expect(sign({ pag: 'for_test', page: '1', gateway_appid: '123', title: '足球' }, '006513e01bd344fca03610d1fd0145f0')).toBe(
      '02cec639d68d6af49cce9cdff8d7cf5e',
    );
    const p = { com: 'zhongtong', nu: '123456', gateway_appid: '123' };
    expect(sign(p, '123456789abcdef', 'md5')).toBe('35387e188fcad3184c3120d48fd558a6');
    expect(sign(p, '123456789abcdef', 'hmac')).toBe('e3a32e647852bcc02db444e54d0ec055');
  });

  it('drops gateway_sign and empty values and sorts keys by byte order', () => {
    expect(stringToSign({ b: '2', a: '1', gateway_sign: 'x', empty: '', Z: '0' })).toBe('Z0a1b2');
  });

  it('verifies case-insensitively and refuses a changed parameter', () => {
    const p = { com: 'zhongtong', nu: '123456', gateway_appid: '123' };
    expect(verifySignature(p, '123456789abcdef', 'md5', '35387E188FCAD3184C3120D48FD558A6')).toBe(true);
    expect(verifySignature({ ...p, nu: '123457' }, '123456789abcdef', 'md5', '35387e188fcad3184c3120d48fd558a6')).toBe(false);
    expect(verifySignature(p, '123456789abcdef', 'hmac', '35387e188fcad3184c3120d48fd558a6')).toBe(false);
    expect(verifySignature(p, '123456789abcdef', 'md5', '')).toBe(false);
  });

  it('reads gateway_timestamp as Asia/Shanghai time and refuses impossible dates', () => {
    expect(parseGatewayTimestamp('20230508120000')).toBe(Date.UTC(2023, 4, 8, 4, 0, 0));
    expect(formatGatewayTimestamp(Date.UTC(2023, 4, 8, 4, 0, 0))).toBe('20230508120000');
    expect(parseGatewayTimestamp('20230230120000')).toBeNaN();
    expect(parseGatewayTimestamp('2023-05-08 12:00')).toBeNaN();
    expect(parseGatewayTimestamp('20231308120000')).toBeNaN();
  });
});

describe('hmac-sha256 signatures (docs/api.md test vectors)', () => {
  const secret = '123456789abcdef';
  const base = { gateway_appid: '123', gateway_sign_method: 'hmac-sha256', gateway_timestamp: '20240501120000' };

  it('matches the published vectors, canonical string included', () => {
    const post = { ...base, gateway_nonce: '3f2b8c1d4e5a69788796a5b4c3d2e1f0', page: '1', out_code: '用户 A&B=1', remark: '' };
    expect(stringToSignV2('POST', '2141-5', post)).toBe(
      'GATEWAY-HMAC-SHA256\nPOST\n/2141-5\ngateway_appid=123&gateway_nonce=3f2b8c1d4e5a69788796a5b4c3d2e1f0&gateway_sign_method=hmac-sha256&gateway_timestamp=20240501120000&out_code=%E7%94%A8%E6%88%B7%20A%26B%3D1&page=1&remark=',
    );
    expect(signV2('POST', '2141-5', post, secret)).toBe('bc68a3b02c7d0c923d64419d865e57ded9075935e4d255285e41d787e238099a');
    const get = { ...base, gateway_nonce: 'n-0123456789abcdef', code: '100089' };
    expect(signV2('GET', '1917-1', get, secret)).toBe('5e87d2578b1f11a7076e9b7a48e3b1ef78130dc965d428b9798f3698c3bc4625');
  });

  it('changes with the method, the access point, an empty field and any re-split of keys and values', () => {
    const p = { ...base, gateway_nonce: 'n-0123456789abcdef', ip_white_list: '10.9.9.9', rate: '1' };
    const s = signV2('POST', '2141-1', p, secret);
    expect(signV2('GET', '2141-1', p, secret)).not.toBe(s);
    expect(signV2('POST', '2141-6', p, secret)).not.toBe(s);
    expect(signV2('POST', '2141-1', { ...p, remark: '' }, secret)).not.toBe(s);
    const { ip_white_list: _i, rate: _r, ...rest } = p;
    expect(signV2('POST', '2141-1', { ...rest, i: 'p_white_list10.9.9.9', r: 'ate1' }, secret)).not.toBe(s);
    expect(signV2('POST', '2141-1', { ...rest, ip_white_list: '10.9.9.9&rate=1' }, secret)).not.toBe(s);
    expect(signV2('POST', '2141-1', { ...rest, 'ip_white_list=10.9.9.9&rate': '1' }, secret)).not.toBe(s);
  });

  it('signRequest adds every gateway_ field a client sends', () => {
    const signed = signRequest({ method: 'GET', pointId: '1917-1', appid: 123, secret, params: { code: '100089' }, now: Date.UTC(2024, 4, 1, 4), nonce: 'n-0123456789abcdef' });
    expect(signed).toEqual({ ...base, gateway_nonce: 'n-0123456789abcdef', code: '100089', gateway_sign: '5e87d2578b1f11a7076e9b7a48e3b1ef78130dc965d428b9798f3698c3bc4625' });
    expect(signRequest({ method: 'GET', pointId: '1917-1', appid: 1, secret, params: {} }).gateway_nonce).toMatch(/^[0-9a-f]{32}$/);
  });
});
