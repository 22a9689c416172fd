import { Download } from 'lucide-react';
import { pressPage as page } from '../../domain/messages/static-pages';
import { MailLink } from '../components/ui/mail-link';
import { ProseHeading, ProsePage } from '../components/ui/prose-page';
import { usePageMeta } from '../lib/use-page-meta';

/** Press kit (docs/architecture.md#screens): pitch, key facts, logo files, press contact. */
export function PressPage() {
  usePageMeta({ title: page.title, description: page.lead });
  return (
    <ProsePage title={page.title} lead={page.lead}>
      <section>
        <ProseHeading>{page.pitchHeading}</ProseHeading>
        <p className="mt-4">{page.pitch}</p>
      </section>

      <section>
        <ProseHeading>{page.factsHeading}</ProseHeading>
        <dl className="mt-5 grid gap-x-6 gap-y-4 rounded-2xl border border-line bg-paper-deep p-6 sm:grid-cols-[auto_1fr]">
          {page.facts.map((fact) => (
            <div key={fact.term} className="contents">
              <dt className="font-semibold">{fact.term}</dt>
              <dd className="-mt-3 text-ink-soft sm:mt-0">{fact.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section>
        <ProseHeading>{page.logosHeading}</ProseHeading>
        <p className="mt-4">{page.logosText}</p>
        <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-center">
          <img
            src="/presse/lisons-logo.svg"
            alt={page.logoAlt}
            width={112}
            height={112}
            className="size-28 shrink-0"
          />
          <ul className="grid flex-1 gap-2">
            {page.logos.map((logo) => (
              <li key={logo.href}>
                <a
                  href={logo.href}
                  download
                  className="flex min-h-12 items-center gap-3 rounded-xl border border-line bg-paper px-4 hover:border-accent hover:text-accent"
                >
                  <Download size={20} className="shrink-0 text-accent" />
                  <span>
                    {page.downloadLabel} <span className="font-semibold">{logo.format}</span>{' '}
                    <span className="text-ink-soft">({logo.detail})</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section>
        <ProseHeading>{page.contactHeading}</ProseHeading>
        <p className="mt-4">{page.contactText}</p>
        <MailLink email={page.contactEmail} />
      </section>
    </ProsePage>
  );
}
