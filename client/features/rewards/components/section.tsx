import type { ReactNode } from 'react';

/** A section of the achievements page: a region named by its h2. */
export function Section(props: {
  id: string;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const headingId = `${props.id}-titre`;
  return (
    <section aria-labelledby={headingId} className="mt-12 md:mt-16">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight md:text-3xl">
          {props.title}
        </h2>
        {props.aside}
      </div>
      <div className="mt-5">{props.children}</div>
    </section>
  );
}
