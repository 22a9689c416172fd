import { describe, expect, it } from 'vitest';
import { apiTokenExpiry, scopeAllows, scopeNeeded } from './api-tokens';

describe('personal API tokens', () => {
  it('need reading for GET and HEAD, writing for any other method', () => {
    expect(scopeNeeded('GET')).toBe('read');
    expect(scopeNeeded('HEAD')).toBe('read');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(scopeNeeded(method)).toBe('write');
  });

  it('let a read token read only, a write token read and write', () => {
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'write')).toBe(false);
    expect(scopeAllows('write', 'read')).toBe(true);
    expect(scopeAllows('write', 'write')).toBe(true);
  });

  it('expire the chosen number of days after their creation, or never', () => {
    const created = new Date('2026-11-28T10:00:00Z');
    expect(apiTokenExpiry(created, 30)?.toISOString()).toBe('2026-12-28T10:00:00.000Z');
    expect(apiTokenExpiry(created, null)).toBeNull();
  });
});
