import { useState } from 'react';
import { toast } from 'sonner';
import {
  adminExportsMessages as m,
  adminSegmentsMessages as s,
} from '../../../../domain/messages/admin';
import { buttonClasses } from '../../../components/ui/button-styles';
import { HttpError } from '../../../lib/http-error';
import { downloadExport } from '../api/admin-files';

type Export = {
  key: string;
  label: string;
  path: string;
  file: string;
  done: string;
  failed: string;
};

const exportsList: Export[] = [
  {
    key: 'csv',
    label: m.csv,
    path: '/api/admin/exports/catalogue.csv',
    file: 'catalogue.csv',
    done: m.csvDone,
    failed: m.csvError,
  },
  {
    key: 'sql',
    label: m.sql,
    path: '/api/admin/exports/read_export.sql',
    file: 'read_export.sql',
    done: m.sqlDone,
    failed: m.sqlError,
  },
  {
    key: 'missing',
    label: s.exportMissing,
    path: '/api/admin/exports/missing-segments.csv',
    file: 'segments-manquants.csv',
    done: m.missingDone,
    failed: m.csvError,
  },
];

/**
 * The dashboard's export buttons (docs/architecture.md#back-office): CSV, SQL, missing segments.
 */
export function ExportsBar() {
  const [running, setRunning] = useState<string | null>(null);
  const run = async (item: Export) => {
    setRunning(item.key);
    try {
      await downloadExport(item.path, item.file);
      toast.success(item.done);
    } catch (failure) {
      // The server's refusal says why (signed out, not an admin); anything else, the spec's.
      const refused =
        failure instanceof HttpError && (failure.status === 401 || failure.status === 403);
      toast.error(refused && failure.message ? failure.message : item.failed);
    } finally {
      setRunning(null);
    }
  };
  return (
    <section aria-labelledby="admin-exports-title" className="mt-4">
      <h2 id="admin-exports-title" className="sr-only">
        {m.title}
      </h2>
      <div className="flex flex-wrap gap-2">
        {exportsList.map((item) => (
          <button
            key={item.key}
            type="button"
            disabled={running !== null}
            onClick={() => run(item)}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            {running === item.key ? m.exporting : item.label}
          </button>
        ))}
      </div>
    </section>
  );
}
