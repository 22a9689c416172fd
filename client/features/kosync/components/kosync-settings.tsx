import { Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { DEVICE_NAME_MAX } from '../../../../domain/kosync';
import type { CreatedDevice, KosyncDevice } from '../../../../domain/kosync.schemas';
import { fill } from '../../../../domain/messages/fill';
import { kosyncMessages as m } from '../../../../domain/messages/kosync';
import { buttonClasses } from '../../../components/ui/button-styles';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { formatRelativeDate } from '../../../lib/format';
import { HttpError } from '../../../lib/http-error';
import { useCreateDevice, useKosyncOverview, useRevokeDevice } from '../api/kosync';
import { KosyncDocuments } from './kosync-documents';

/**
 * Paramètres' « Liseuse KOReader » (decision 053): what to type in KOReader's « Progress
 * sync » (the server, the e-mail as username, a device password), the device passwords (made
 * here, shown once, revocable), and the books the devices reported.
 */
export function KosyncSettings() {
  const overview = useKosyncOverview();
  return (
    <section aria-labelledby="liseuse-koreader" className="min-w-0">
      <h2 id="liseuse-koreader" className="text-lg font-semibold">
        {m.title}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{m.intro}</p>
      {overview.data ? (
        <>
          <p className="mt-4 text-sm font-medium">{m.howTo}</p>
          <dl className="mt-2 space-y-3">
            <Setting label={m.serverLabel} value={overview.data.server} />
            <Setting label={m.loginLabel} value={overview.data.login} />
            <div>
              <dt className="text-sm font-semibold">{m.passwordLabel}</dt>
              <dd className="text-sm text-ink-soft">{m.passwordHint}</dd>
            </div>
          </dl>
          <Devices devices={overview.data.devices} />
          <KosyncDocuments documents={overview.data.documents} />
        </>
      ) : overview.isError ? (
        <div role="alert" className="mt-3">
          <p>{m.loadFailed}</p>
          <button
            type="button"
            onClick={() => void overview.refetch()}
            className={buttonClasses({ variant: 'secondary', size: 'xs', className: 'mt-2' })}
          >
            {m.retry}
          </button>
        </div>
      ) : (
        <p role="status" className="mt-3 flex items-center gap-2 text-ink-soft">
          <Spinner />
          {m.loading}
        </p>
      )}
    </section>
  );
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(m.copied);
  } catch {
    toast.error(m.copyFailed);
  }
}

/** One thing to type in KOReader, in full (it wraps, never scrolls), with a copy button. */
function Setting({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm font-semibold">{label}</dt>
      <dd className="mt-0.5 flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-lg bg-paper px-2 py-1.5 text-sm [overflow-wrap:anywhere]">
          {value}
        </code>
        <button
          type="button"
          onClick={() => void copy(value)}
          aria-label={fill(m.copyLabel, { what: label })}
          title={m.copy}
          className={buttonClasses({ variant: 'secondary', size: 'xs', className: 'shrink-0' })}
        >
          <Copy size={16} aria-hidden="true" />
        </button>
      </dd>
    </div>
  );
}

function Devices({ devices }: { devices: KosyncDevice[] }) {
  const create = useCreateDevice();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [created, setCreated] = useState<CreatedDevice | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(m.deviceNameRequired);
    setError(undefined);
    create.mutate(trimmed, {
      onSuccess: (result) => {
        setCreated(result);
        setName('');
      },
      onError: (failure) =>
        setError(failure instanceof HttpError ? failure.message : m.createFailed),
    });
  };

  return (
    <div className="mt-6">
      <h3 className="font-semibold">{m.devicesTitle}</h3>
      {devices.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">{m.devicesEmpty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {devices.map((device) => (
            <DeviceLine key={device.id} device={device} />
          ))}
        </ul>
      )}
      {created ? (
        <CreatedPassword created={created} onDone={() => setCreated(null)} />
      ) : (
        <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <TextField
              label={m.deviceNameLabel}
              placeholder={m.deviceNamePlaceholder}
              value={name}
              maxLength={DEVICE_NAME_MAX}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              error={error}
            />
          </div>
          <button
            type="submit"
            aria-busy={create.isPending || undefined}
            className={buttonClasses({ className: 'shrink-0' })}
          >
            {create.isPending ? <Spinner /> : <KeyRound size={18} aria-hidden="true" />}
            {create.isPending ? m.creatingDevice : m.createDevice}
          </button>
        </form>
      )}
    </div>
  );
}

/** The new password, this once: in groups of four to read, copied whole. */
function CreatedPassword({ created, onDone }: { created: CreatedDevice; onDone: () => void }) {
  const titleId = useId();
  const groups = created.password.match(/.{1,4}/g) ?? [created.password];
  return (
    <div
      role="status"
      aria-labelledby={titleId}
      className="mt-4 rounded-2xl border border-accent/40 bg-accent-soft p-4"
    >
      <p id={titleId} className="font-semibold">
        {fill(m.createdTitle, { name: created.device.name })}
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <code
          data-testid="kosync-password"
          className="rounded-lg bg-paper px-3 py-2 font-mono text-lg tracking-wide"
        >
          {/* Spelled out for a screen reader, in groups of four for the eye. */}
          <span className="sr-only">{created.password.split('').join(' ')}</span>
          <span aria-hidden="true">
            {groups.map((group, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the groups of one fixed text
              <span key={i} className={i > 0 ? 'ml-2' : undefined}>
                {group}
              </span>
            ))}
          </span>
        </code>
        <button
          type="button"
          onClick={() => void copy(created.password)}
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          <Copy size={16} aria-hidden="true" />
          {m.copy}
        </button>
      </p>
      <p className="mt-2 text-sm">{m.createdHint}</p>
      <button
        type="button"
        onClick={onDone}
        className={buttonClasses({ size: 'sm', className: 'mt-3' })}
      >
        {m.createdDone}
      </button>
    </div>
  );
}

function DeviceLine({ device }: { device: KosyncDevice }) {
  const revoke = useRevokeDevice();
  const [open, setOpen] = useState(false);
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
      <div className="min-w-0">
        <p className="font-medium [overflow-wrap:anywhere]">{device.name}</p>
        <p className="text-sm text-ink-soft">
          {device.lastUsedAt
            ? fill(m.lastUsed, { when: formatRelativeDate(device.lastUsedAt) })
            : m.neverUsed}
        </p>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <button
            type="button"
            aria-label={fill(m.revokeLabel, { name: device.name })}
            className={buttonClasses({ variant: 'secondary', size: 'xs' })}
          >
            {m.revoke}
          </button>
        }
        title={fill(m.revokeConfirmTitle, { name: device.name })}
        text={m.revokeConfirmText}
        confirmLabel={m.revoke}
        cancelLabel={m.cancel}
        destructive
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(device.id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(m.revoked);
            },
            onError: () => toast.error(m.revokeFailed),
          })
        }
      />
    </li>
  );
}
