import { buttonClasses } from './button-styles';

/** A screen that failed to load: what failed (its heading), why if known, a way to retry. */
export function ErrorState(props: {
  title: string;
  detail?: string | undefined;
  retryLabel?: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="mx-auto max-w-xl px-5 py-20 text-center">
      <h1 className="text-2xl font-semibold md:text-3xl">{props.title}</h1>
      {props.detail ? <p className="mt-3 text-ink-soft">{props.detail}</p> : null}
      {props.onRetry && props.retryLabel ? (
        <button
          type="button"
          onClick={props.onRetry}
          className={buttonClasses({ variant: 'secondary', className: 'mt-8' })}
        >
          {props.retryLabel}
        </button>
      ) : null}
    </div>
  );
}
