import { CheckCircle2, PlayCircle, XCircle } from 'lucide-react';
import { useState } from 'react';
import { coverAuditMessages as m } from '../../../../domain/messages/covers';
import { fill } from '../../../../domain/messages/fill';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { HttpError } from '../../../lib/http-error';
import { type AuditLine, runAudit } from './run-audit';

type State = 'idle' | 'running' | 'ok' | 'fail';

/**
 * /admin/audit (docs/architecture.md#back-office): one button runs the checks on the server, in
 * order; each step's line appears as it ends; the run stops at the first failure and ends with
 * 'Audit terminé : TOUT OK' or 'Échec: …'.
 */
export function AuditScreen() {
  const [state, setState] = useState<State>('idle');
  const [lines, setLines] = useState<AuditLine[]>([]);

  async function start() {
    setState('running');
    setLines([]);
    let result: State = 'fail';
    try {
      await runAudit((line) => {
        if (line.type === 'done') result = line.ok ? 'ok' : 'fail';
        setLines((shown) => [...shown, line]);
      });
    } catch (failure) {
      const message = failure instanceof HttpError ? failure.message : m.streamFailed;
      setLines((shown) => [
        ...shown,
        { type: 'done', ok: false, message: fill(m.failed, { message }) },
      ]);
    }
    setState(result);
  }

  const done = lines.find((line) => line.type === 'done');
  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-6">
      <header>
        <h1 id="audit-title" className="font-serif text-3xl font-semibold">
          {m.title}
        </h1>
        <p className="mt-2 text-ink-soft">{m.intro}</p>
      </header>
      <div>
        <button
          type="button"
          disabled={state === 'running'}
          onClick={() => void start()}
          className={buttonClasses({ size: 'md' })}
        >
          {state === 'running' ? (
            <Spinner size={16} />
          ) : (
            <PlayCircle size={16} aria-hidden="true" />
          )}
          {state === 'running' ? m.running : m.run}
        </button>
      </div>
      <div
        role="log"
        aria-label={m.logLabel}
        aria-live="polite"
        className="min-h-32 rounded-xl border border-line bg-paper-deep/60 p-4 font-mono text-sm"
      >
        {lines.length === 0 && state === 'idle' ? <p className="text-ink-soft">{m.idle}</p> : null}
        <ol className="flex flex-col gap-1">
          {lines
            .filter((line) => line.type === 'step')
            .map((line) => (
              <li key={line.step} className="flex items-start gap-2">
                {line.ok ? (
                  <CheckCircle2
                    size={16}
                    className="mt-0.5 shrink-0 text-green-700"
                    aria-hidden="true"
                  />
                ) : (
                  <XCircle size={16} className="mt-0.5 shrink-0 text-accent" aria-hidden="true" />
                )}
                <span>
                  <span className="sr-only">{line.ok ? m.stepOk : m.stepFailed}</span>
                  {line.label}
                  {line.detail ? ` — ${line.detail}` : ''}
                </span>
              </li>
            ))}
        </ol>
      </div>
      {done ? (
        <p
          role="status"
          className={`text-lg font-semibold ${done.ok ? 'text-green-800' : 'text-accent'}`}
        >
          {done.message}
        </p>
      ) : null}
    </section>
  );
}
