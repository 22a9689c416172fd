import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import type { Suggestion } from '../../../../domain/community.schemas';
import { communityMessages as c } from '../../../../domain/messages/community';
import { fill } from '../../../../domain/messages/fill';
import { formatNumber } from '../../../lib/format';
import { useSuggestions } from '../api/discover';
import { FollowButton } from './follow-button';
import { LoadFailed } from './load-failed';
import { ReaderLink } from './reader-link';

/**
 * 'Lecteurs à découvrir': an accordion (open at first) of readers to follow, each with what
 * they read and a follow button; once followed, a reader stays in the list marked 'Abonné'.
 */
export function SuggestionsPanel() {
  const suggestions = useSuggestions();
  const [followed, setFollowed] = useState<ReadonlySet<string>>(new Set());

  return (
    <details open className="group rounded-2xl border border-line bg-paper shadow-sm">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-2xl px-5 py-3 [&::-webkit-details-marker]:hidden">
        <h2 className="text-xl font-semibold">{c.suggestionsTitle}</h2>
        <ChevronDown
          size={20}
          aria-hidden="true"
          className="shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="px-5 pb-5">
        {suggestions.data === undefined ? (
          suggestions.isError ? (
            <LoadFailed onRetry={() => void suggestions.refetch()} />
          ) : (
            <div className="space-y-3">
              <p role="status" className="sr-only">
                {c.loading}
              </p>
              {[0, 1, 2].map((n) => (
                <div
                  key={n}
                  aria-hidden="true"
                  className="h-16 animate-pulse rounded-xl bg-paper-deep"
                />
              ))}
            </div>
          )
        ) : suggestions.data.length === 0 ? (
          <p className="text-ink-soft">{c.noSuggestion}</p>
        ) : (
          <ul className="divide-y divide-line">
            {suggestions.data.map((reader) => (
              <SuggestionRow
                key={reader.id}
                reader={reader}
                followed={followed.has(reader.id)}
                onFollowed={() => setFollowed((set) => new Set(set).add(reader.id))}
              />
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

function SuggestionRow(props: { reader: Suggestion; followed: boolean; onFollowed: () => void }) {
  const { reader, followed } = props;
  const facts = [
    fill(c.suggestionInProgress, { count: formatNumber(reader.inProgress) }),
    fill(reader.badges > 1 ? c.suggestionBadges : c.suggestionBadgeOne, {
      count: formatNumber(reader.badges),
    }),
    fill(c.suggestionStreak, { count: formatNumber(reader.streak) }),
  ];
  if (reader.sharedBooks > 0) {
    facts.push(
      fill(reader.sharedBooks > 1 ? c.sharedBooksMany : c.sharedBooksOne, {
        count: formatNumber(reader.sharedBooks),
      }),
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0">
        <ReaderLink reader={reader} />
        <p className="mt-1 text-sm text-ink-soft">{facts.join(' · ')}</p>
      </div>
      {followed ? (
        <span className="inline-flex items-center gap-1 text-sm font-semibold text-accent-strong">
          <Check size={16} aria-hidden="true" />
          {c.followed}
        </span>
      ) : (
        <FollowButton
          userId={reader.id}
          following={false}
          size="xs"
          onFollowed={props.onFollowed}
        />
      )}
    </li>
  );
}
