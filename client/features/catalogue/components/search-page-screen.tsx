import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { searchPageMessages as t } from '../../../../domain/messages/catalogue';
import { ButtonLink } from '../../../components/ui/button-link';
import { usePageMeta } from '../../../lib/use-page-meta';
import { useNoIndex } from '../hooks/use-noindex';

/**
 * /search (docs/architecture.md#screens): the q parameter in a read-only field, results to come;
 * noindex.
 */
export function SearchPageScreen() {
  usePageMeta({ title: t.documentTitle });
  useNoIndex();
  const [params] = useSearchParams();
  const id = useId();
  return (
    <div className="mx-auto max-w-2xl px-5 py-12 md:py-20">
      <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{t.title}</h1>
      <div className="mt-8">
        <label htmlFor={id} className="block text-sm font-semibold">
          {t.fieldLabel}
        </label>
        <input
          id={id}
          type="search"
          readOnly
          value={params.get('q') ?? ''}
          className="mt-1.5 block h-12 w-full rounded-xl border border-ink/25 bg-paper-deep/60 px-4 text-base text-ink"
        />
      </div>
      <p className="mt-6 text-lg text-ink-soft">{t.comingSoon}</p>
      <ButtonLink to="/explore" className="mt-8">
        {t.exploreBooks}
      </ButtonLink>
    </div>
  );
}
