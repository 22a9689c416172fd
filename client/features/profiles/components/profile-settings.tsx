import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { profileMessages as t } from '../../../../domain/messages/accounts';
import { appPaths } from '../../../../domain/screen-paths';

const linkClasses =
  'inline-flex min-h-11 items-center font-medium text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent';

/**
 * The owner's 'Paramètres' (docs/architecture.md#profiles): sign-out and the legal pages.
 * Reminders, password change and account deletion come with their own issues.
 */
export function ProfileSettings({ signOut }: { signOut: ReactNode }) {
  return (
    <section aria-labelledby="profile-settings" className="mt-12">
      <h2 id="profile-settings" className="text-2xl font-semibold">
        {t.settingsTitle}
      </h2>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <div className="rounded-2xl border border-line bg-paper-deep/60 p-5">
          <h3 className="text-lg font-semibold">{t.accountTitle}</h3>
          <div className="mt-4">{signOut}</div>
        </div>
        <div className="rounded-2xl border border-line bg-paper-deep/60 p-5">
          <h3 className="text-lg font-semibold">{t.legalTitle}</h3>
          <ul className="mt-2">
            <li>
              <Link to={appPaths.privacy} className={linkClasses}>
                {t.privacy}
              </Link>
            </li>
            <li>
              <Link to={appPaths.terms} className={linkClasses}>
                {t.terms}
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </section>
  );
}
