import { Check } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/** One offer of /premium: its name, price, what it gives and its action. */
export function PlanCard(props: {
  name: string;
  badge?: string | undefined;
  price: ReactNode;
  note?: ReactNode;
  features: readonly string[];
  highlighted?: boolean;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={`flex flex-col rounded-2xl border p-6 ${props.highlighted ? 'border-accent bg-paper shadow-lg' : 'border-line bg-paper-deep/60'}`}
    >
      {props.badge ? (
        <p className="mb-2 self-start rounded-full bg-accent px-3 py-1 text-xs font-semibold text-paper">
          {props.badge}
        </p>
      ) : null}
      <h2 id={titleId} className="font-serif text-2xl font-semibold">
        {props.name}
      </h2>
      <div className="mt-3 text-3xl font-semibold">{props.price}</div>
      {props.note ? <p className="mt-1 text-sm text-ink-soft">{props.note}</p> : null}
      <ul className="mt-5 grow space-y-2">
        {props.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check size={18} aria-hidden="true" className="mt-0.5 shrink-0 text-accent" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {props.children ? <div className="mt-6">{props.children}</div> : null}
    </section>
  );
}
