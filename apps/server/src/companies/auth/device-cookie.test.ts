import { describe, expect, it } from 'vitest';
import { DeviceCookies } from './device-cookie.js';

const DAY = 86_400_000;
const cookies = new DeviceCookies('a-secret-of-at-least-thirty-two-characters', 180 * DAY);

describe('device cookies', () => {
  it('prove the account they were issued for, until they expire', () => {
    const now = Date.UTC(2026, 10, 26);
    const value = cookies.issue(undefined, 'owner@example.test', now);
    const device = cookies.deviceFor(value, 'owner@example.test', now + 179 * DAY);
    expect(device).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(cookies.deviceFor(value, 'someone-else@example.test', now)).toBeNull();
    expect(cookies.deviceFor(value, 'owner@example.test', now + 181 * DAY)).toBeNull();
    // Issued "in the future" (a forged time): refused.
    expect(cookies.deviceFor(value, 'owner@example.test', now - DAY)).toBeNull();
  });

  it('are worthless with another secret', () => {
    const value = cookies.issue(undefined, 'owner@example.test');
    expect(new DeviceCookies('another-secret-of-at-least-thirty-two-chars', 180 * DAY).deviceFor(value, 'owner@example.test')).toBeNull();
  });

  it('keep the device id across sign-ins and at most five accounts, newest first', () => {
    let value = cookies.issue(undefined, 'a@example.test');
    const device = cookies.deviceFor(value, 'a@example.test');
    value = cookies.issue(value, 'a@example.test');
    expect(cookies.deviceFor(value, 'a@example.test')).toBe(device);
    for (const name of ['b', 'c', 'd', 'e', 'f']) value = cookies.issue(value, `${name}@example.test`);
    expect(value.split('~')).toHaveLength(5);
    expect(cookies.deviceFor(value, 'f@example.test')).not.toBeNull();
    expect(cookies.deviceFor(value, 'a@example.test')).toBeNull();
  });
});
