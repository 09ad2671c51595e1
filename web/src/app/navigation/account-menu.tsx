import { useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonLink } from '../../components/button.tsx';
import { UserIcon } from '../../components/icons.tsx';

interface AccountMenuProps {
  /** The person's first name (displayName), on the button. */
  name: string;
  email: string;
  onSignOut(): void;
}

/**
 * The signed-in person's name in the header, opening who is signed in, Account settings and Sign out: one button instead of a name
 * chip and a Sign out beside it, so the header keeps room for the main sections. Escape or a click elsewhere
 * closes it; Escape gives focus back to the button.
 */
export default function AccountMenu({ name, email, onSignOut }: AccountMenuProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        buttonRef.current?.focus();
      } else if (containerRef.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="account-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-chip"
        aria-label={`Account menu, ${name}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <UserIcon size={16} />
        <span className="user-chip__name">{name}</span>
      </button>
      {open ? (
        <div id={panelId} className="account-menu__panel">
          <p className="account-menu__email">
            Signed in as <strong>{email}</strong>
          </p>
          <ButtonLink to="/settings" variant="ghost" size="sm" block onClick={() => setOpen(false)}>
            Account settings
          </ButtonLink>
          <Button size="sm" block onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      ) : null}
    </div>
  );
}
