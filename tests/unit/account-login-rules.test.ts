import { describe, expect, it } from 'vitest';
import { countryOf, describeClient, deviceKey, loginNovelty, USER_AGENT_MAX } from '../../src/server/modules/account/login-rules';

/** The pure rules of the login history (docs/domain.md "Login history and devices"). */
describe('login rules', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  const IPHONE_NEXT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

  it('names the browser (major version), the system and the device a User-Agent says', () => {
    expect(describeClient(IPHONE)).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.5', deviceType: 'mobile', deviceName: 'Apple iPhone' });
    expect(describeClient(WINDOWS)).toMatchObject({ browser: 'Chrome 126', os: 'Windows 10', deviceType: 'desktop', deviceName: '' });
    // Browsers freeze macOS at 10.15.7: shown without a version.
    expect(describeClient(MAC)).toMatchObject({ browser: 'Safari 17', os: 'macOS', deviceType: 'desktop', deviceName: 'Apple' });
    expect(describeClient(ANDROID)).toMatchObject({ browser: 'Chrome 126', os: 'Android 14', deviceType: 'mobile' });
    for (const nothing of [null, '', '   ', 'node', 'curl/8.5.0']) {
      expect(describeClient(nothing)).toMatchObject({ browser: '', os: '', deviceType: 'other', deviceName: '' });
    }
    // A huge header is cut before it is parsed.
    expect(describeClient(IPHONE + 'x'.repeat(10_000)).browser).toBe('Safari 17');
    expect(USER_AGENT_MAX).toBeLessThan(1_000);
  });

  it('keys a device by the app\'s id, else by names without versions; the two kinds never meet', () => {
    const id = 'AbCdEfGhIjKlMnOpQrStUvWx';
    const phone = describeClient(IPHONE);
    expect(deviceKey(id, phone)).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceKey(id, phone)).toBe(deviceKey(id, describeClient(WINDOWS))); // the id alone decides
    expect(deviceKey(id, phone)).not.toBe(deviceKey('ZyXwVuTsRqPoNmLkJiHgFeDc', phone));
    // Without an id: an update of the browser or system is the same device; another browser is not.
    expect(deviceKey(null, phone)).toBe(deviceKey(null, describeClient(IPHONE_NEXT)));
    expect(deviceKey(null, phone)).not.toBe(deviceKey(null, describeClient(WINDOWS)));
    // Leaving the id out (or sending a malformed one) never matches a device that sent one.
    expect(deviceKey(null, phone)).not.toBe(deviceKey(id, phone));
    expect(deviceKey('short', phone)).toBe(deviceKey(null, phone));
    expect(deviceKey('has space in it 1234', phone)).toBe(deviceKey(null, phone));
  });

  it('takes the proxy\'s country as ISO 3166-1 alpha-2 only', () => {
    expect(countryOf('JP')).toBe('JP');
    expect(countryOf(' us ')).toBe('US');
    for (const no of [undefined, null, '', 'XX', 'T1', 'JPN', 'J', '日本', '1A']) expect(countryOf(no)).toBeNull();
  });

  it('is new when the account has other devices and not this one, or known places and not this country', () => {
    const base = { deviceKnown: false, anyDeviceKnown: false, country: null, earlierCountries: [] };
    expect(loginNovelty(base)).toEqual({ newDevice: false, newCountry: false }); // the first device is adopted
    expect(loginNovelty({ ...base, anyDeviceKnown: true })).toEqual({ newDevice: true, newCountry: false });
    expect(loginNovelty({ ...base, anyDeviceKnown: true, deviceKnown: true })).toEqual({ newDevice: false, newCountry: false });
    expect(loginNovelty({ ...base, country: 'JP' })).toEqual({ newDevice: false, newCountry: false }); // no place known before
    expect(loginNovelty({ ...base, country: 'JP', earlierCountries: ['JP'] })).toEqual({ newDevice: false, newCountry: false });
    expect(loginNovelty({ ...base, country: 'US', earlierCountries: ['JP'] })).toEqual({ newDevice: false, newCountry: true });
    expect(loginNovelty({ ...base, country: null, earlierCountries: ['JP'] })).toEqual({ newDevice: false, newCountry: false }); // unknown is not new
  });
});
