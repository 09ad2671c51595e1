import { useEffect, useRef } from 'react';
import { APP_READY_EVENT } from '#shared/app-ready-event';
import { useAuth } from '../lib/auth/auth-context.ts';

/**
 * Tells a server-rendered page's starter (#shared/app-start-script) that the app has taken the page over, so it
 * replays the clicks it held meanwhile. Not before the app knows who is signed in: a Save held for someone
 * signed in would otherwise meet an app that still takes them for a visitor and asks them to sign in.
 */
export function TakeOverSignal() {
  const { status } = useAuth();
  const sent = useRef(false);
  useEffect(() => {
    if (status === 'loading' || sent.current) return;
    sent.current = true;
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, [status]);
  return null;
}
