import { type ReactNode, useRef } from 'react';
import { type ButtonSize, buttonClasses } from './button-styles';
import { Spinner } from './spinner';

type Props = {
  /** The button's text, and its text while the image is being sent. */
  label: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  icon: ReactNode;
  size: ButtonSize;
  /** The accessible names of the button (when its text is not enough) and of the picker. */
  buttonLabel?: string;
  inputLabel: string;
  /** The id of the hint read with the button. */
  describedBy: string;
  onFile: (file: File) => void;
};

/**
 * A button that opens the file picker for one image (an avatar, a cover): the picker itself
 * is hidden, the button is what keyboards and screen readers reach.
 */
export function ImagePickerButton(props: Props) {
  const input = useRef<HTMLInputElement>(null);
  const spinnerSize = props.size === 'xs' ? 14 : 16;
  return (
    <>
      <button
        type="button"
        disabled={props.disabled || props.pending}
        aria-describedby={props.describedBy}
        aria-label={props.buttonLabel}
        onClick={() => input.current?.click()}
        className={buttonClasses({ variant: 'secondary', size: props.size })}
      >
        {props.pending ? <Spinner size={spinnerSize} /> : props.icon}
        {props.pending ? props.pendingLabel : props.label}
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        aria-label={props.inputLabel}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again still sends it.
          event.target.value = '';
          if (file) props.onFile(file);
        }}
      />
    </>
  );
}
