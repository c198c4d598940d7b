import { decodeJwtPayload, isTokenValid, tokenExpiresAt } from './jwt';
import { fakeJwt } from './testing/fakes';

describe('JWT expiry decoding (spec 4: valid when exp is not before now)', () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('decodes the payload, including base64url characters and UTF-8 text', () => {
    const token = fakeJwt({ sub: '7', name: 'Íñigo Müller ✓', roles: ['admin'], exp: nowSeconds + 60, pad: '??>>' });
    expect(decodeJwtPayload(token)).toEqual({ sub: '7', name: 'Íñigo Müller ✓', roles: ['admin'], exp: nowSeconds + 60, pad: '??>>' });
  });

  it('gives the expiry in milliseconds', () => {
    expect(tokenExpiresAt(fakeJwt({ exp: nowSeconds + 60 }))).toBe(now + 60_000);
    expect(tokenExpiresAt(fakeJwt({ sub: '1' }))).toBeUndefined();
  });

  it('is valid before exp and exactly at exp, expired one second after', () => {
    const token = fakeJwt({ exp: nowSeconds });
    expect(isTokenValid(token, now - 1000)).toBe(true);
    expect(isTokenValid(token, now)).toBe(true);
    expect(isTokenValid(token, now + 1)).toBe(false);
    expect(isTokenValid(fakeJwt({ exp: nowSeconds - 3600 }), now)).toBe(false);
  });

  it('leaves a readable token without exp to the API', () => {
    expect(isTokenValid(fakeJwt({ sub: '1' }), now)).toBe(true);
  });

  it('treats unreadable tokens as not valid', () => {
    for (const token of ['', 'abc', 'a.b', 'a.!!!.c', `x.${btoa('not json')}.y`, `x.${btoa('[1,2]')}.y`, null, undefined]) {
      expect(decodeJwtPayload(token)).toBeNull();
      expect(isTokenValid(token, now)).toBe(false);
    }
    expect(isTokenValid(fakeJwt({ exp: 'tomorrow' }), now)).toBe(false);
  });
});
