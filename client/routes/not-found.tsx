import { notFoundMessages as t } from '../../domain/messages/not-found';
import { ButtonLink } from '../components/ui/button-link';
import { usePageMeta } from '../lib/use-page-meta';

/** Any unknown path (docs/architecture.md#screens); the server also answers it with a 404. */
export function NotFoundPage() {
  usePageMeta({ title: t.title });
  return (
    <div className="mx-auto max-w-xl px-5 py-20 text-center md:py-28">
      <p className="font-serif text-7xl font-semibold text-accent" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-4xl font-semibold md:text-5xl">{t.title}</h1>
      <p className="mt-5 text-lg">{t.text}</p>
      <p className="mt-2 text-ink-soft">{t.hint}</p>
      <ButtonLink to="/" size="lg" className="mt-10">
        {t.backHome}
      </ButtonLink>
    </div>
  );
}
