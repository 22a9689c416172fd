import { contactLabel } from '../../../domain/messages/static-pages';

/** A contact address as a mail link, with a visible 'Écrire à' lead. */
export function MailLink({ email }: { email: string }) {
  return (
    <p className="mt-4">
      <span className="text-ink-soft">{contactLabel} </span>
      <a
        href={`mailto:${email}`}
        className="font-semibold text-accent underline decoration-accent/40 underline-offset-4 hover:decoration-accent"
      >
        {email}
      </a>
    </p>
  );
}
