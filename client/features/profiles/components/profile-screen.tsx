import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { displayName } from '../../../../domain/accounts';
import type { ProfilePage } from '../../../../domain/community.schemas';
import { accountMessages as m, profileMessages as t } from '../../../../domain/messages/accounts';
import { communityMessages as c } from '../../../../domain/messages/community';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/loading-state';
import { Tabs } from '../../../components/ui/tabs';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useSession } from '../../../lib/use-session';
import { useProfilePage } from '../api/get-profile-page';
import { OwnerActions } from './owner-actions';
import { ProfileHeader } from './profile-header';
import { BadgesPanel, BooksPanel, OverviewPanel } from './profile-panels';
import { ProfileSettings } from './profile-settings';
import { ProfileTiles } from './profile-tiles';

/** What the page around the profile puts in it: other features' parts (client/routes/profile.tsx). */
export type ProfileSlots = {
  signOut: ReactNode;
  /** Follow and block, on another reader's profile. */
  relationActions?: (page: ProfilePage) => ReactNode;
  /** The readers the owner blocked, in 'Paramètres'. */
  blockedReaders?: ReactNode;
  /** The owner's e-mail notification choices, in 'Paramètres'. */
  notificationSettings?: ReactNode;
  /** Password change, data export and account deletion, in 'Paramètres'. */
  accountSettings?: ReactNode;
  /** The reading reminders' card, in 'Paramètres' (the offline/native issue fills it). */
  reminders?: ReactNode;
  /** The owner's personal API tokens, in 'Paramètres'. */
  apiTokens?: ReactNode;
  /** The owner's yearly goal, under their tiles (never shown to others). */
  ownerGoal?: ReactNode;
  /** « Liseuse KOReader », in 'Paramètres': device passwords and devices' books (decision 053). */
  koreader?: ReactNode;
  /** The reader's friend streaks, on every profile but across a block. */
  friends?: (page: ProfilePage) => ReactNode;
};

/**
 * /profile, /profile/{userId}, /u/{userId} (docs/architecture.md#profiles): one request for
 * the whole page; without an id, or with the reader's own, the owner view.
 */
export function ProfileScreen({
  userId,
  ...slots
}: { userId?: string | undefined } & ProfileSlots) {
  usePageMeta({ title: t.documentTitle });
  const session = useSession();
  const ownId = session.status === 'signed-in' ? session.user.id : '';
  const id = userId ?? ownId;
  const page = useProfilePage(id);

  if (page.data === undefined) {
    if (!page.isError) return <LoadingState text={t.loading} />;
    const { error } = page;
    // 'Ce lecteur n'existe pas.' and the like; a server failure needs no second sentence.
    const detail = error instanceof HttpError && error.status < 500 ? error.message : undefined;
    const retryable = !(error instanceof HttpError) || error.status >= 500 || error.status === 429;
    return (
      <ErrorState
        title={id === ownId ? m.profileLoadFailed : m.publicProfileLoadFailed}
        detail={detail}
        retryLabel={t.retry}
        onRetry={retryable ? () => void page.refetch() : undefined}
      />
    );
  }
  // Keyed by reader: moving to another profile starts again on the first tab.
  return <ProfileView key={page.data.profile.id} page={page.data} slots={slots} />;
}

type Tab = 'overview' | 'books' | 'badges' | 'settings';

function ProfileView({ page, slots }: { page: ProfilePage; slots: ProfileSlots }) {
  const { profile, isOwner } = page;
  // `?onglet=parametres` opens the owner's 'Paramètres' (a device's notification links there).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(
    isOwner && params.get('onglet') === 'parametres' ? 'settings' : 'overview',
  );
  const name = displayName(profile);

  const tabs = [
    {
      value: 'overview',
      label: c.tabOverview,
      content: <OverviewPanel page={page} onSeeAllBadges={() => setTab('badges')} />,
    },
    { value: 'books', label: c.tabBooks, content: <BooksPanel finished={page.finished} /> },
    { value: 'badges', label: c.tabBadges, content: <BadgesPanel badges={page.badges} /> },
    ...(isOwner
      ? [
          {
            value: 'settings',
            label: c.tabSettings,
            content: (
              <ProfileSettings
                signOut={slots.signOut}
                blockedReaders={slots.blockedReaders}
                notificationSettings={slots.notificationSettings}
                accountSettings={slots.accountSettings}
                reminders={slots.reminders}
                apiTokens={slots.apiTokens}
                koreader={slots.koreader}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="mx-auto max-w-4xl px-5 py-10 md:px-6 md:py-14">
      <ProfileHeader
        id={profile.id}
        name={name}
        avatarUrl={profile.avatarUrl}
        email={isOwner ? profile.email : null}
        counts={page.counts}
      >
        {isOwner ? (
          <OwnerActions name={name} username={profile.username} avatarUrl={profile.avatarUrl} />
        ) : (
          <>
            {page.relation.blocked ? (
              <p className="mt-3 rounded-xl bg-paper-deep px-4 py-2 text-sm">{c.blockedNote}</p>
            ) : null}
            {slots.relationActions?.(page)}
          </>
        )}
      </ProfileHeader>
      {isOwner && page.stats ? <ProfileTiles stats={page.stats} /> : null}
      {isOwner ? slots.ownerGoal : null}
      {page.relation.blocked ? null : slots.friends?.(page)}
      <div className="mt-10">
        <Tabs
          label={c.tabsLabel}
          tabs={tabs}
          value={tab}
          onValueChange={(value) => setTab(value as Tab)}
        />
      </div>
    </div>
  );
}
