import { canonicalJson, fingerprint } from '../../functions/runtime/canonical';
import { API_KEY_PATTERN, keyIdOf } from '../../functions/runtime/stores/api-keys';
import { periodEndOf, periodOf } from '../../functions/runtime/stores/usage';

describe('Function: canonicalJson', () => {
  it('gives equal text for equal arguments whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}');
    expect(fingerprint({ a: 1, b: 2 })).toBe(fingerprint({ b: 2, a: 1 }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
  });
});

describe('Function: periodOf / periodEndOf', () => {
  it('uses the calendar month in UTC and resets on the first of the next month', () => {
    expect(periodOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-11');
    expect(periodEndOf(new Date('2026-11-30T23:59:59Z'))).toBe('2026-12-01');
    expect(periodEndOf(new Date('2026-12-15T00:00:00Z'))).toBe('2027-01-01');
  });
});

describe('API key format', () => {
  it('accepts sk_live_ plus 32 URL-safe characters and derives a display id of prefix + 4', () => {
    const key = 'sk_live_' + 'A1b2_C3d-'.repeat(4).slice(0, 32);
    expect(API_KEY_PATTERN.test(key)).toBe(true);
    expect(API_KEY_PATTERN.test(key.slice(0, -1))).toBe(false);
    expect(API_KEY_PATTERN.test('sk_test_' + key.slice(8))).toBe(false);
    expect(keyIdOf(key)).toBe('sk_live_A1b2');
  });
});
