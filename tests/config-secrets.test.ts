import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';

/**
 * SECRETS_KEY, SECRETS_KEY_PREVIOUS, SMOOBU_API_URL and BEDS24_API_URL as the configuration reads them
 * (docs/decisions/029-pms-connectors.md §3, §11). Not marked `// @no-database`: config.ts reads
 * DATABASE_URL too, which the marker's check refuses.
 */
const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);

describe('SECRETS_KEY in the configuration', () => {
  it('takes 64 hex characters or base64 of 32 bytes, and is off when unset', () => {
    expect(parseConfig({}).secretsKeys).toBeUndefined();
    expect(parseConfig({ SECRETS_KEY: KEY_A.toString('hex') }).secretsKeys?.current).toEqual(KEY_A);
    expect(parseConfig({ SECRETS_KEY: KEY_A.toString('base64') }).secretsKeys?.current).toEqual(KEY_A);
    expect(parseConfig({ SECRETS_KEY: KEY_A.toString('base64url') }).secretsKeys?.current).toEqual(KEY_A);
    const both = parseConfig({ SECRETS_KEY: KEY_B.toString('base64'), SECRETS_KEY_PREVIOUS: KEY_A.toString('hex') }).secretsKeys;
    expect(both).toEqual({ current: KEY_B, previous: KEY_A });
  });

  it('stops the start on a short or malformed key, or a previous key alone, naming the variable', () => {
    for (const value of ['short', randomBytes(31).toString('hex'), randomBytes(31).toString('base64'), 'not base64 at all, though it is long enough to pass'])
      expect(() => parseConfig({ SECRETS_KEY: value }), value).toThrow(/SECRETS_KEY: at least 32 random bytes/);
    expect(() => parseConfig({ SECRETS_KEY_PREVIOUS: KEY_A.toString('hex') })).toThrow(ConfigError);
    expect(() => parseConfig({ SECRETS_KEY_PREVIOUS: KEY_A.toString('hex') })).toThrow(/SECRETS_KEY_PREVIOUS/);
  });

  it('SMOOBU_API_URL: https, or plain http to a loopback stand-in under NODE_ENV=test only', () => {
    expect(parseConfig({ SMOOBU_API_URL: 'https://smoobu.example/' }).pmsApiUrls.smoobu).toBe('https://smoobu.example');
    expect(parseConfig({ NODE_ENV: 'test', SMOOBU_API_URL: 'http://127.0.0.1:4010' }).pmsApiUrls.smoobu).toBe('http://127.0.0.1:4010');
    expect(() => parseConfig({ SMOOBU_API_URL: 'http://127.0.0.1:4010' })).toThrow(/SMOOBU_API_URL/);
    expect(() => parseConfig({ NODE_ENV: 'test', SMOOBU_API_URL: 'http://smoobu.example' })).toThrow(/SMOOBU_API_URL/);
    expect(parseConfig({}).pmsApiUrls.smoobu).toBeUndefined();
  });

  it('BEDS24_API_URL: the same rule, its path kept', () => {
    expect(parseConfig({ BEDS24_API_URL: 'https://api.beds24.com/v2/' }).pmsApiUrls.beds24).toBe('https://api.beds24.com/v2');
    expect(parseConfig({ NODE_ENV: 'test', BEDS24_API_URL: 'http://127.0.0.1:4011/beds24' }).pmsApiUrls.beds24).toBe('http://127.0.0.1:4011/beds24');
    expect(() => parseConfig({ BEDS24_API_URL: 'http://127.0.0.1:4011' })).toThrow(/BEDS24_API_URL/);
    expect(parseConfig({}).pmsApiUrls.beds24).toBeUndefined();
  });

  it('HOSTAWAY_API_URL: the same rule', () => {
    expect(parseConfig({ HOSTAWAY_API_URL: 'https://hostaway.example/' }).pmsApiUrls.hostaway).toBe('https://hostaway.example');
    expect(parseConfig({ NODE_ENV: 'test', HOSTAWAY_API_URL: 'http://127.0.0.1:4810' }).pmsApiUrls.hostaway).toBe('http://127.0.0.1:4810');
    expect(() => parseConfig({ HOSTAWAY_API_URL: 'http://127.0.0.1:4810' })).toThrow(/HOSTAWAY_API_URL/);
    expect(() => parseConfig({ NODE_ENV: 'test', HOSTAWAY_API_URL: 'http://hostaway.example' })).toThrow(/HOSTAWAY_API_URL/);
    expect(parseConfig({}).pmsApiUrls.hostaway).toBeUndefined();
  });
});
