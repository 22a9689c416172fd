import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { settingsMessages as m } from '../../../../domain/messages/account';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { downloadExport } from '../api/account';
import { ChangePasswordDialog } from './change-password-dialog';
import { EmailVerificationStatus } from './email-verification-status';

const exports = [
  { path: '/api/account/export', label: m.exportData },
  { path: '/api/account/export/reading-history.csv', label: m.historyCsv },
] as const;

/** Paramètres' account card: the address's confirmation, the password, the export, deletion. */
export function AccountSettings() {
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (path: string) => {
    setBusy(path);
    try {
      await downloadExport(path);
      toast.success(m.exportDone);
    } catch {
      toast.error(m.exportFailed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="space-y-5">
      <EmailVerificationStatus />
      <div>
        <ChangePasswordDialog />
      </div>
      <div>
        <p className="text-sm text-ink-soft">{m.exportHint}</p>
        <div className="mt-2 flex flex-wrap gap-3">
          {exports.map(({ path, label }) => (
            <button
              key={path}
              type="button"
              disabled={busy !== null}
              aria-busy={busy === path || undefined}
              onClick={() => void download(path)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              {busy === path ? <Spinner /> : <Download size={16} aria-hidden="true" />}
              {busy === path ? m.exporting : label}
            </button>
          ))}
        </div>
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
