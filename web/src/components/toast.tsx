import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './toast.css';

export interface ToastInput {
  title: string;
  description?: string;
  /** Destructive toasts report a failure: announced assertively (role=alert) and shown in the error colour. */
  variant?: 'default' | 'destructive';
  /** One follow-up the toast offers (e.g. 'Sign in'); choosing it also dismisses the toast. */
  action?: { label: string; onClick(): void };
}

interface ShownToast extends ToastInput {
  id: number;
  /** Top when the bottom corner would cover what the person just pressed (the button the toast answers). */
  top: boolean;
}

/** The bottom band a toast may cover: its height with an action button, plus the viewport's 16px inset. */
const TOAST_BAND_PX = 170;
const TOAST_WIDTH_PX = 416;

/** Whether a toast in the bottom corner would cover this element (phones: the whole width). */
function coversElement(element: Element | null | undefined): boolean {
  if (!element?.isConnected || element === document.body) return false;
  const box = element.getBoundingClientRect();
  const width = window.innerWidth;
  const fromLeft = width - TOAST_WIDTH_PX;
  return box.bottom > window.innerHeight - TOAST_BAND_PX && box.right > fromLeft;
}

interface ToastContextValue {
  toast(input: ToastInput): void;
  dismiss(): void;
}

/** How long a toast stays on screen (product constant). */
export const TOAST_DURATION_MS = 5000;

const ToastContext = createContext<ToastContextValue | undefined>(undefined);

/**
 * One toast at a time: a new toast replaces the one showing. Both live regions are always in the document so
 * screen readers announce content inserted into them.
 */
export function ToastProvider({ children, duration = TOAST_DURATION_MS }: { children: ReactNode; duration?: number }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const nextId = useRef(1);
  // What the person last pressed (Safari does not focus buttons on click, so focus alone cannot tell).
  const pressed = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (event: Event) => {
      pressed.current = event.target instanceof Element ? event.target : null;
    };
    document.addEventListener('pointerdown', remember, true);
    return () => document.removeEventListener('pointerdown', remember, true);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    const top = coversElement(pressed.current) || coversElement(document.activeElement);
    setCurrent({ ...input, id: nextId.current++, top });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent((shown) => (shown?.id === current.id ? null : shown)), duration);
    return () => clearTimeout(timer);
  }, [current, duration]);

  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const destructive = current?.variant === 'destructive';

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={current?.top ? 'toast-viewport toast-viewport--top' : 'toast-viewport'}>
        <div role="status" aria-live="polite" aria-atomic="true">
          {current && !destructive ? <ToastCard toast={current} onDismiss={dismiss} /> : null}
        </div>
        <div role="alert" aria-atomic="true">
          {current && destructive ? <ToastCard toast={current} onDismiss={dismiss} /> : null}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ShownToast; onDismiss: () => void }) {
  return (
    <div className={`toast${toast.variant === 'destructive' ? ' toast--destructive' : ''}`}>
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description ? <p className="toast__description">{toast.description}</p> : null}
        {toast.action ? (
          <button
            type="button"
            className="toast__action"
            onClick={() => {
              toast.action?.onClick();
              onDismiss();
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button type="button" className="toast__dismiss" aria-label="Dismiss notification" onClick={onDismiss}>
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

export function useToast(): ToastContextValue {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}
