import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { achievementsMessages as t } from '../../../../domain/messages/rewards';
import type { Achievements } from '../../../../domain/rewards.schemas';
import { appPaths } from '../../../../domain/screen-paths';
import { ButtonLink } from '../../../components/ui/button-link';
import { buttonClasses } from '../../../components/ui/button-styles';
import { LoadingState } from '../../../components/ui/loading-state';
import { HttpError } from '../../../lib/http-error';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useAchievements } from '../api/use-achievements';
import { ChallengesSection } from './challenges-section';
import { CollectionsSection } from './collections-section';
import { ProgressionSection } from './progression-section';
import { StatsSection } from './stats-section';
import { StreaksSection } from './streaks-section';

/**
 * /achievements (docs/architecture.md#screens): 'Vos Accomplissements' with Statistiques,
 * Séries de Lecture, Progression, Collections & Exploits and Défis Actuels, all figures
 * from the server. A new reader sees every section at zero and a word to get started.
 */
export function AchievementsScreen(props: { insights?: ReactNode; friends?: ReactNode } = {}) {
  usePageMeta({ title: t.documentTitle });
  const query = useAchievements();

  return (
    <div className="mx-auto max-w-6xl px-5 py-10 md:px-6 md:py-14">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t.intro}</p>
      {query.data ? (
        <AchievementsBody data={query.data} insights={props.insights} friends={props.friends} />
      ) : query.isError ? (
        <div role="alert" className="mx-auto mt-12 max-w-xl text-center">
          <p className="font-serif text-2xl font-semibold">{t.loadFailed}</p>
          {query.error instanceof HttpError ? (
            <p className="mt-3 text-ink-soft">{query.error.message}</p>
          ) : null}
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}
          >
            {t.retry}
          </button>
        </div>
      ) : (
        <LoadingState text={t.loading} />
      )}
    </div>
  );
}

function AchievementsBody({
  data,
  insights,
  friends,
}: {
  data: Achievements;
  insights?: ReactNode;
  friends?: ReactNode;
}) {
  const isNew = data.stats.segmentsValidated === 0 && data.stats.xp === 0;
  return (
    <>
      {isNew ? <NewReader /> : null}
      <StatsSection stats={data.stats} />
      <StreaksSection
        current={data.stats.streakCurrent}
        best={data.stats.streakBest}
        freezes={data.stats.streakFreezes}
      />
      {friends}
      {insights}
      <ProgressionSection stats={data.stats} />
      <CollectionsSection badges={data.badges} quests={data.quests} />
      <ChallengesSection challenges={data.challenges} />
    </>
  );
}

function NewReader() {
  return (
    <div className="mt-8 flex flex-col gap-4 rounded-3xl border border-accent/30 bg-accent-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <p className="flex items-start gap-3 text-ink">
        <Sparkles size={22} className="mt-0.5 shrink-0 text-accent-strong" aria-hidden="true" />
        {t.newReader}
      </p>
      <ButtonLink to={appPaths.explore} size="md" className="shrink-0 self-start sm:self-auto">
        {t.explore}
      </ButtonLink>
    </div>
  );
}
