import { returnPathFrom } from '../../../domain/return-path';
import { appPaths } from '../../../domain/screen-paths';

/**
 * Where a reader goes after signing in or up (docs/architecture.md#accounts) when /auth was not
 * given a page to return to.
 */
export const afterSignInPath = appPaths.home;

/** Where to go once signed in, from /auth's query string: its safe `next`, else /home. */
export function afterSignInTarget(search: string): string {
  return returnPathFrom(search, afterSignInPath);
}
