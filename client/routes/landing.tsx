import { landingMessages as t } from '../../domain/messages/shell';
import { ButtonLink } from '../components/ui/button-link';
import {
  BookOpenIcon,
  ChartColumnIcon,
  FlameIcon,
  TrophyIcon,
  UsersIcon,
} from '../components/ui/icons';
import { usePageMeta } from '../lib/use-page-meta';

const benefitIcons: Record<(typeof t.benefits)[number]['key'], typeof BookOpenIcon> = {
  progressive: BookOpenIcon,
  community: UsersIcon,
  achievements: TrophyIcon,
  statistics: ChartColumnIcon,
};

/** Landing page at / and /landing (docs/architecture.md#screens). */
export function LandingPage() {
  usePageMeta({ title: t.documentTitle });
  return (
    <>
      <section className="mx-auto grid max-w-6xl items-center gap-12 px-5 pt-12 pb-16 md:grid-cols-[1.25fr_1fr] md:px-6 md:pt-20 md:pb-24">
        <div>
          <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl lg:text-6xl">
            {t.heroTitle}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-ink-soft md:text-xl">{t.heroLead}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/auth" size="lg">
              {t.start}
            </ButtonLink>
            <ButtonLink to="/blog" size="lg" variant="secondary">
              {t.discoverBlog}
            </ButtonLink>
          </div>
        </div>
        <ReadingPreview />
      </section>

      <section aria-labelledby="benefits-title" className="border-y border-line bg-paper-deep">
        <div className="mx-auto max-w-6xl px-5 py-16 md:px-6 md:py-20">
          <h2 id="benefits-title" className="text-3xl font-semibold md:text-4xl">
            {t.benefitsTitle}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-ink-soft">{t.benefitsLead}</p>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {t.benefits.map((benefit) => {
              const Icon = benefitIcons[benefit.key];
              return (
                <li
                  key={benefit.key}
                  className="below-the-fold rounded-2xl border border-line bg-paper p-6"
                >
                  <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent">
                    <Icon size={24} />
                  </span>
                  <h3 className="mt-5 text-xl font-semibold">{benefit.title}</h3>
                  <p className="mt-2 text-ink-soft">{benefit.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section
        aria-labelledby="cta-title"
        className="below-the-fold mx-auto max-w-6xl px-5 py-16 md:px-6 md:py-20"
      >
        <div className="rounded-3xl bg-accent px-6 py-12 text-center text-paper md:px-12 md:py-16">
          <h2 id="cta-title" className="text-3xl font-semibold md:text-4xl">
            {t.ctaTitle}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-balance">{t.ctaLead}</p>
          <ButtonLink to="/auth" size="lg" variant="inverted" className="mt-8">
            {t.ctaButton}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

/** A glimpse of the reading screen; decorative, so hidden from assistive technologies. */
function ReadingPreview() {
  const p = t.preview;
  return (
    <div aria-hidden="true" className="relative hidden md:block">
      <div className="rotate-[-2deg] rounded-3xl border border-line bg-paper-deep p-6 shadow-xl">
        <p className="text-sm font-medium text-ink-soft">{p.label}</p>
        <p className="mt-1 font-serif text-3xl font-semibold">{p.segment}</p>
        <p className="text-ink-soft">{p.pages}</p>
        <div className="mt-5 h-2.5 rounded-full bg-line">
          <div className="h-full w-[30%] rounded-full bg-accent" />
        </div>
        <div className="mt-3 flex items-center justify-between text-sm">
          <span className="font-medium">{p.progress}</span>
          <span className="inline-flex items-center gap-1 font-medium text-accent-strong">
            <FlameIcon size={16} />
            {p.streak}
          </span>
        </div>
      </div>
      <div className="relative -mt-4 ml-10 rotate-[1.5deg] rounded-3xl border border-line bg-paper p-6 shadow-xl">
        <p className="text-sm font-medium text-ink-soft">{p.questionLabel}</p>
        <p className="mt-1 font-serif text-xl font-semibold">{p.question}</p>
        <p className="mt-4 rounded-xl border border-line bg-paper-deep px-4 py-3 text-ink-soft">
          {p.answer}
        </p>
      </div>
    </div>
  );
}
