import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';

/** Avatar, display name and, for the owner, the e-mail (docs/architecture.md#profiles). */
export function ProfileHeader(props: { name: string; email?: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
      <Avatar name={props.name} size="lg" />
      <div className="min-w-0 flex-1">
        <h1 className="text-3xl font-semibold tracking-tight break-words md:text-4xl">
          {props.name}
        </h1>
        {props.email ? <p className="mt-1 break-all text-ink-soft">{props.email}</p> : null}
        {props.children}
      </div>
    </header>
  );
}
