import { Link } from 'react-router';
import { displayName } from '../../../../domain/accounts';
import type { ReaderSummary } from '../../../../domain/community.schemas';
import { profilePath } from '../../../../domain/screen-paths';
import { Avatar } from '../../../components/ui/avatar';

/** A reader's avatar and display name, the name linking to their profile. */
export function ReaderLink({ reader }: { reader: ReaderSummary }) {
  const name = displayName(reader);
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={name} src={reader.avatarUrl} />
      <Link
        to={profilePath(reader.id)}
        className="min-w-0 truncate font-semibold text-ink underline decoration-ink/20 underline-offset-4 hover:text-accent hover:decoration-accent"
      >
        {name}
      </Link>
    </span>
  );
}
