import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { settingsMessages as m } from '../../../../domain/messages/account';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { downloadExport } from '../api/account';
import { ChangePasswordDialog } from './change-password-dialog';
import { EmailVerificationStatus } from './email-verification-status';

type Export = { path: string; label: string; done: string };

const dataExports: readonly Export[] = [
  { path: '/api/account/export', label: m.exportData, done: m.exportDone },
  { path: '/api/account/export/reading-history.csv', label: m.historyCsv, done: m.exportDone },
];

// The library in other services' formats (decision 052), for their importers.
const libraryExports: readonly Export[] = [
  { path: '/api/account/export/goodreads.csv', label: m.goodreadsCsv, done: m.libraryDone },
  { path: '/api/account/export/storygraph.csv', label: m.storygraphCsv, done: m.libraryDone },
];

/** Paramètres' account card: the address's confirmation, the password, the exports, deletion. */
export function AccountSettings() {
  const [busy, setBusy] = useState<string | null>(null);
  const dataHint = useId();
  const libraryHint = useId();
  const download = async ({ path, done }: Export) => {
    setBusy(path);
    try {
      await downloadExport(path);
      toast.success(done);
    } catch (error) {
      // Over the limit, the server says when to try again; anything else is our sentence.
      toast.error(
        error instanceof HttpError && error.status === 429 ? error.message : m.exportFailed,
      );
    } finally {
      setBusy(null);
    }
  };
  const buttons = (list: readonly Export[], hint: string) => (
    <div className="mt-2 flex flex-wrap gap-3">
      {list.map((item) => (
        <button
          key={item.path}
          type="button"
          disabled={busy !== null}
          aria-busy={busy === item.path || undefined}
          aria-describedby={hint}
          onClick={() => void download(item)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          {busy === item.path ? <Spinner /> : <Download size={16} aria-hidden="true" />}
          {busy === item.path ? m.exporting : item.label}
        </button>
      ))}
    </div>
  );
  return (
    <div className="space-y-5">
      <EmailVerificationStatus />
      <div>
        <ChangePasswordDialog />
      </div>
      <div>
        <p id={dataHint} className="text-sm text-ink-soft">
          {m.exportHint}
        </p>
        {buttons(dataExports, dataHint)}
      </div>
      <div>
        <p id={libraryHint} className="text-sm text-ink-soft">
          {m.libraryHint}
        </p>
        {buttons(libraryExports, libraryHint)}
      </div>
      <Link
        to="/settings/delete-account"
        className="inline-flex min-h-11 items-center font-medium text-accent underline decoration-accent/40 underline-offset-4"
      >
        {m.deleteAccount}
      </Link>
    </div>
  );
}
