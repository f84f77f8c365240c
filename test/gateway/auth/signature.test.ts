import { describe, expect, it } from 'vitest';
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
