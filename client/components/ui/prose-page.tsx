import type { ReactNode } from 'react';
import type { PageSection } from '../../../domain/messages/static-pages';
import { MailLink } from './mail-link';

/** Reading layout of the static pages: a comfortable measure, serif headings. */
export function ProsePage(props: {
  title: string;
  lead: string;
  updated?: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-5 py-12 md:px-6 md:py-16">
      <header className="border-b border-line pb-8">
        <h1 className="text-4xl font-semibold tracking-tight md:text-5xl">{props.title}</h1>
        <p className="mt-5 text-lg text-ink-soft md:text-xl">{props.lead}</p>
        {props.updated ? <p className="mt-4 text-sm text-ink-soft">{props.updated}</p> : null}
      </header>
      <div className="mt-10 space-y-12">{props.children}</div>
    </article>
  );
}

export function ProseHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-2xl font-semibold md:text-3xl">{children}</h2>;
}

/** One titled section: its list first, then its paragraphs, then its contact address. */
export function ProseSection({ section }: { section: PageSection }) {
  return (
    <section>
      <ProseHeading>{section.heading}</ProseHeading>
      {section.items ? (
        <ul className="mt-5 list-disc space-y-3 pl-6 marker:text-accent">
          {section.items.map((item) => (
            <li key={item.text} className="pl-1">
              {item.term ? <strong className="font-semibold">{item.term}</strong> : null}
              {item.term ? ' ' : null}
              {item.text}
            </li>
          ))}
        </ul>
      ) : null}
      {section.paragraphs?.map((paragraph) => (
        <p key={paragraph} className="mt-4">
          {paragraph}
        </p>
      ))}
      {section.email ? <MailLink email={section.email} /> : null}
    </section>
  );
}
