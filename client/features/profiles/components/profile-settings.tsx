import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { profileMessages as t } from '../../../../domain/messages/accounts';
import { appPaths } from '../../../../domain/screen-paths';

const linkClasses =
  'inline-flex min-h-11 items-center font-medium text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent';

/**
 * The owner's 'Paramètres' tab (docs/architecture.md#profiles): sign-out, the legal pages,
 * the e-mail notification choices, the account (password, export, deletion, personal API
 * tokens) and, from the community, the readers they blocked. Each card is a slot filled by its feature; the
 * reminders' card comes with the offline/native issue.
 */
export function ProfileSettings(props: {
  signOut: ReactNode;
  blockedReaders?: ReactNode;
  notificationSettings?: ReactNode;
  accountSettings?: ReactNode;
  reminders?: ReactNode;
  apiTokens?: ReactNode;
  koreader?: ReactNode;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {props.reminders ? (
        <div className="rounded-2xl border border-line bg-paper-deep/60 p-5 md:col-span-2">
          {props.reminders}
        </div>
      ) : null}
      <div className="rounded-2xl border border-line bg-paper-deep/60 p-5">
        <h2 className="text-lg font-semibold">{t.accountTitle}</h2>
        {props.accountSettings ? <div className="mt-4">{props.accountSettings}</div> : null}
        <div className="mt-4">{props.signOut}</div>
      </div>
      <div className="rounded-2xl border border-line bg-paper-deep/60 p-5">
        <h2 className="text-lg font-semibold">{t.legalTitle}</h2>
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
      {props.notificationSettings ? (
        <div className="rounded-2xl border border-line bg-paper-deep/60 p-5 md:col-span-2">
          {props.notificationSettings}
        </div>
      ) : null}
      {props.apiTokens ? (
        <div className="rounded-2xl border border-line bg-paper-deep/60 p-5 md:col-span-2">
          {props.apiTokens}
        </div>
      ) : null}
      {props.blockedReaders ? (
        <div className="rounded-2xl border border-line bg-paper-deep/60 p-5 md:col-span-2">
          {props.blockedReaders}
        </div>
      ) : null}
      {props.koreader ? (
        <div
          id="liseuse"
          className="min-w-0 rounded-2xl border border-line bg-paper-deep/60 p-5 md:col-span-2"
        >
          {props.koreader}
        </div>
      ) : null}
    </div>
  );
}
