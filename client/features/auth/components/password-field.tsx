import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { authScreenMessages as t } from '../../../../domain/messages/accounts';
import { TextField } from '../../../components/ui/text-field';

type PasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'trailing'>;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={visible ? t.hidePassword : t.showPassword}
          onClick={() => setVisible(!visible)}
          className="inline-flex size-11 items-center justify-center rounded-lg text-ink-soft hover:bg-paper-deep hover:text-ink"
        >
          {visible ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      }
    />
  );
}
