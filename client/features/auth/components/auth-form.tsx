import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { type Credentials, credentialsSchema } from '../../../../domain/accounts.schemas';
import {
  accountMessages as m,
  authScreenMessages as t,
} from '../../../../domain/messages/accounts';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { firstErrorByField } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { PasswordField } from './password-field';

type FieldErrors = Partial<Record<keyof Credentials, string>>;

/**
 * E-mail and password, 'Se connecter' (also Enter) and 'Créer un compte'
 * (docs/architecture.md#accounts). Fields are checked here with the server's own schema and
 * messages; what the server refuses (wrong password, address taken, too many tries) is said
 * in a toast. Once in, the reader goes on to `target` (the page they came from, or /home).
 */
export function AuthForm({ target }: { target: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const pending = signIn.isPending || signUp.isPending;

  function validCredentials(): Credentials | null {
    const result = credentialsSchema.safeParse({ email, password });
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const found = firstErrorByField(result.error) as FieldErrors;
    setErrors(found);
    (found.email ? emailRef : passwordRef).current?.focus();
    return null;
  }

  async function submit(intent: 'sign-in' | 'sign-up') {
    const credentials = validCredentials();
    if (!credentials || pending) return;
    const [mutation, success, failure] =
      intent === 'sign-in'
        ? [signIn, m.signInSuccess, m.signInFailed]
        : [signUp, m.signUpSuccess, m.signUpFailed];
    // mutateAsync, not mutate: the session update unmounts this form (the screen sends a
    // signed-in reader on), and mutate's callbacks are dropped once a component unmounts.
    try {
      await mutation.mutateAsync(credentials);
    } catch (error) {
      toast.error(error instanceof HttpError ? error.message : failure);
      return;
    }
    toast.success(success);
    navigate(target, { replace: true });
  }

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit('sign-in');
      }}
    >
      <TextField
        ref={emailRef}
        label={t.emailLabel}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          setErrors(({ email: _, ...rest }) => rest);
        }}
      />
      <div>
        <PasswordField
          ref={passwordRef}
          label={t.passwordLabel}
          name="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors(({ password: _, ...rest }) => rest);
          }}
        />
        <div className="mt-2 flex justify-end">
          <ForgotPasswordDialog initialEmail={email} />
        </div>
      </div>
      <div className="flex flex-col gap-3 pt-1">
        <button
          type="submit"
          disabled={pending}
          aria-busy={signIn.isPending || undefined}
          className={buttonClasses({ size: 'lg', className: 'w-full' })}
        >
          {signIn.isPending ? <Spinner /> : null}
          {signIn.isPending ? t.signingIn : t.signIn}
        </button>
        <button
          type="button"
          disabled={pending}
          aria-busy={signUp.isPending || undefined}
          onClick={() => void submit('sign-up')}
          className={buttonClasses({ size: 'lg', variant: 'secondary', className: 'w-full' })}
        >
          {signUp.isPending ? <Spinner /> : null}
          {signUp.isPending ? t.signingUp : t.signUp}
        </button>
      </div>
    </form>
  );
}
