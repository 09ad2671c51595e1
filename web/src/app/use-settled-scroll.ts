import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restored position is held while the page settles: about half a second of frames. */
const SETTLE_FRAMES = 30;

let documentsFirstPage = true;

/**
 * Makes Back and Forward land where the person was. React Router restores the position it saved, but the event
 * list lays out only the cards near the viewport (content-visibility), so a list rendered anew had estimated
 * heights above the restored position: the card the person had opened came back 70-180 px off. While a position
 * is restored, `data-restoring` on the root lays every card out (events.css) and the position is held for half a
 * second of frames, or until the person scrolls, keys or touches. A document's first page is left alone: it
 * restores nothing, and the first load keeps its cheaper layout.
 *
 * Call it in a component that renders before ScrollRestoration: its layout effect must run before the one that
 * restores.
 */
export function useSettledScroll(): void {
  const { key } = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    const first = documentsFirstPage;
    documentsFirstPage = false;
    if (type !== 'POP' || first) return;
    const root = document.documentElement;
    root.dataset.restoring = '';
    let target = -1;
    let frames = 0;
    // By the first frame React Router has restored: that position is held.
    let frame = requestAnimationFrame(function hold() {
      if (target < 0) target = scrollY;
      else if (scrollY !== target) scrollTo(0, target);
      if (++frames < SETTLE_FRAMES) frame = requestAnimationFrame(hold);
      else stop();
    });
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'];
    function stop() {
      cancelAnimationFrame(frame);
      delete root.dataset.restoring;
      for (const input of inputs) removeEventListener(input, stop);
    }
    for (const input of inputs) addEventListener(input, stop, { passive: true });
    return stop;
  }, [key, type]);
}
