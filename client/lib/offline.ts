import { HttpError } from './http-error';

/**
 * A request that failed because the device has no connection (the browser says it is
 * offline, and no server answer came back): the step needs the network, and the reader is
 * told so rather than shown a generic error (docs/architecture.md#reminders-and-the-offline-app).
 */
export function isOfflineFailure(error: unknown): boolean {
  return !(error instanceof HttpError) && typeof navigator !== 'undefined' && !navigator.onLine;
}
