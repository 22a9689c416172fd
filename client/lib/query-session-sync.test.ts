import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSessionUser } from '../test/session-user';
import { syncQueriesWithSession } from './query-session-sync';
import { setSignedIn, setSignedOut } from './session-store';

let stop = () => {};
afterEach(() => stop());

function setup() {
  const client = new QueryClient();
  client.setQueryData(['profile', 'me'], { id: 'a' });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  stop = syncQueriesWithSession(client);
  return { client, invalidate };
}

describe('syncQueriesWithSession', () => {
  it("forgets the previous reader's data on sign-out", () => {
    setSignedIn(aSessionUser({ id: 'a' }));
    const { client } = setup();
    setSignedOut();
    expect(client.getQueryData(['profile', 'me'])).toBeUndefined();
  });

  it('refetches everything when a reader signs in', () => {
    setSignedOut();
    const { invalidate } = setup();
    setSignedIn(aSessionUser({ id: 'b' }));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('leaves the cache alone when the same reader changes (a new name)', () => {
    setSignedIn(aSessionUser({ id: 'a' }));
    const { client, invalidate } = setup();
    setSignedIn(aSessionUser({ id: 'a', username: 'Léa' }));
    expect(invalidate).not.toHaveBeenCalled();
    expect(client.getQueryData(['profile', 'me'])).toEqual({ id: 'a' });
  });
});
