import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineMessages } from '../../../../domain/messages/offline';
import { HttpError } from '../../../lib/http-error';
import { isOfflineFailure } from '../../../lib/offline';
import { classifyFailure } from './flow-errors';

describe('a validation step tried offline', () => {
  afterEach(() => vi.restoreAllMocks());
  const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

  it('says the network is needed, and may be retried', () => {
    offline();
    expect(classifyFailure(new TypeError('Failed to fetch'), 'Erreur de validation')).toEqual({
      kind: 'retry',
      message: offlineMessages.networkNeeded,
    });
  });

  it('keeps the spec text for a network failure while the browser says it is online', () => {
    expect(isOfflineFailure(new TypeError('Failed to fetch'))).toBe(false);
    expect(classifyFailure(new TypeError('Failed to fetch'), 'Erreur de validation').message).toBe(
      'Erreur de validation',
    );
  });

  it('an answer from the server is never taken for a lost connection', () => {
    offline();
    const refused = new HttpError({ status: 409, code: 'X', message: 'Refusé' });
    expect(isOfflineFailure(refused)).toBe(false);
    expect(classifyFailure(refused, 'x').message).toBe('Refusé');
  });
});
