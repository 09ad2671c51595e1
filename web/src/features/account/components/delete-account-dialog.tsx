/**
 * The confirmation of "Delete my account": what becomes of the person's reviews and recaps (no default: they
 * choose), the account's e-mail typed again, and the destructive button, usable only once the typed address is
 * the account's (trimmed, in any case, as the server compares it). On success the person is signed out and taken
 * home, told the account is being deleted; a refusal (a wrong address, an admin's account, anything else) is shown
 * here in the server's words with everything typed kept.
 */
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { USERS_ROUTES } from '#shared/routes/users';
import { FORMER_MEMBER, WRITING_CHOICES, type DeleteAccountBody } from '#shared/schemas/account-deletion';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/field.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { bodyFieldErrors } from '../../../lib/body-field-errors.ts';
import { useDeleteAccount } from '../api/use-delete-account.ts';
import '../../../components/confirm-dialog.css';
import './delete-account-dialog.css';

type Writing = DeleteAccountBody['writing'];

const WRITING_LABELS: Readonly<Record<Writing, { label: string; text: string }>> = {
  delete: { label: 'Delete them', text: 'Your reviews and recaps are removed from their races.' },
  keep: { label: 'Keep them', text: `They stay on their races, signed “${FORMER_MEMBER}” instead of your name.` },
};

/** The typed address is the account's, as the server compares them (trimmed, in any case). */
export function sameEmail(typed: string, account: string): boolean {
  return typed.trim().toLowerCase() === account.trim().toLowerCase();
}

export function DeleteAccountDialog({ email, onCancel }: { email: string; onCancel(): void }) {
  const titleId = useId();
  const writingErrorId = useId();
  const [writing, setWriting] = useState<Writing>();
  const [typed, setTyped] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const deletion = useDeleteAccount();
  const { signOut } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const busy = deletion.isPending || deletion.isSuccess;
  const matches = sameEmail(typed, email);

  const submit = () => {
    if (busy || !matches) return;
    // The server's own rules and words (the route's body schema): a missing choice is told here without a request.
    // Taken from the route table, not the schema module alone, so the schema stays in the users area's chunk.
    const parsed = USERS_ROUTES.deleteMe.request.body.safeParse({ email: typed, writing });
    if (!parsed.success) {
      setFieldErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      setFailure(undefined);
      return;
    }
    setFieldErrors({});
    setFailure(undefined);
    deletion.mutate(parsed.data, {
      onSuccess: async () => {
        // The account's tokens are refused from now on: forget them, then leave for the home page.
        await signOut();
        await navigate('/', { replace: true });
        toast({
          title: 'Your account is being deleted',
          description: 'You have been signed out. Everything is removed within a few seconds.',
        });
      },
      onError: (error) => {
        const fields = bodyFieldErrors(error);
        setFieldErrors(fields);
        // The message once: beside its field when it names one, else above the buttons.
        const message = errorMessage(error);
        setFailure(Object.values(fields).includes(message) ? undefined : message);
      },
    });
  };

  return (
    <ModalDialog titleId={titleId} width={520} className="delete-account" onCancel={() => {
        // Escape while the request is on its way changes nothing: the answer decides what comes next.
        if (!busy) onCancel();
      }}
    >
      <form
        className="confirm-dialog delete-account__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h2 id={titleId} className="modal-dialog__title">
          Delete your account?
        </h2>
        <p>Your sign-in, profile, training and saved races are deleted for good. This cannot be undone.</p>

        <fieldset className="delete-account__choices" aria-describedby={fieldErrors.writing ? writingErrorId : undefined}>
          <legend className="field__label">Your reviews and recaps</legend>
          {WRITING_CHOICES.map((choice) => (
            <label key={choice} className={`delete-account__choice${writing === choice ? ' delete-account__choice--chosen' : ''}`}>
              <input
                type="radio"
                name="writing"
                value={choice}
                checked={writing === choice}
                disabled={busy}
                onChange={() => {
                  setWriting(choice);
                  setFieldErrors(({ writing: _gone, ...rest }) => rest);
                }}
              />
              <span className="delete-account__choice-label">{WRITING_LABELS[choice].label}</span>
              <span className="delete-account__choice-text">{WRITING_LABELS[choice].text}</span>
            </label>
          ))}
          {fieldErrors.writing ? (
            <p id={writingErrorId} className="field__error">
              {fieldErrors.writing}
            </p>
          ) : null}
        </fieldset>

        <TextField
          label="Type your e-mail address to confirm"
          hint={
            <>
              This account’s address is <strong className="delete-account__email">{email}</strong>
            </>
          }
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          readOnly={busy}
          error={fieldErrors.email}
          onChange={(event) => {
            setTyped(event.target.value);
            setFieldErrors(({ email: _gone, ...rest }) => rest);
          }}
        />

        {failure ? (
          <Alert tone="error" title="Your account was not deleted">
            <p>{failure}</p>
          </Alert>
        ) : null}

        <div className="confirm-dialog__actions">
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || busy}>
            {busy ? 'Deleting your account…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
