/**
 * What watches the result list as it scrolls (a chunk of its own, loaded once the first cards show, so the
 * entry stays small): when to ask for the next page, and windowing for long lists.
 *
 * Next page: one per approach of the end marker. The trigger is armed only while the page says it may load
 * (nothing loading, everything fetched on screen), fires once, and is armed again when the page says so after
 * the next page has rendered; its first report then says whether the marker is still near, as after a fast
 * flick that outran the list.
 *
 * Windowing (past WINDOW_FROM cards): cards far above or below the viewport are replaced by one spacer per run of hidden cards, with the height
 * the cards had, so 1,800 loaded cards cost the DOM of the few screens around the reader, not ~85k nodes.
 *
 * The list keeps its markup (one <ul>, one <li data-i> per card, a spacer <li data-gap> per hidden run); this
 * module only decides which runs are hidden and tells the list. Cards are hidden in chunks of whole grid rows
 * (a multiple of the column count), so the rows that stay never reflow. A chunk's height is measured while it
 * is shown; one never shown yet is estimated from the rows measured so far.
 */

export interface HiddenRun {
  /** The first hidden card's index. */
  from: number;
  /** One past the last hidden card's index. */
  to: number;
  /** The spacer's height in px: the hidden rows and the gaps between them. */
  height: number;
}

export interface ResultsWatcher {
  /**
   * After each render of the list: `count` cards to window (0: none), and whether a next page may be asked
   * for (the trigger arms when this turns true).
   */
  update(count: number, mayLoad: boolean): void;
  stop(): void;
}

export type WatchResults = typeof watchResults;

/** About this many cards per chunk (rounded to whole rows). */
const CHUNK_CARDS = 12;
/** A row's height before any has been measured. */
const DEFAULT_ROW_PX = 240;

/** The next page starts loading when the end marker comes within this distance of the viewport (product). */
const TRIGGER_PX = 100;

export function watchResults(list: HTMLElement, marker: HTMLElement, onChange: (runs: HiddenRun[]) => void, onApproach: () => void): ResultsWatcher {
  /** Set while armed: asks for the next page (once). */
  let armed: (() => void) | undefined;
  let disarm: (() => void) | undefined;
  let mayLoadBefore = false;

  // A fling on a phone can carry the marker from below the viewport to above it (into the footer) between
  // two frames, which the observer never reports: a scroll that moves it from below the trigger line to above
  // it is an approach too, also while the previous page is still rendering (then it counts once armed). Only
  // a crossing counts, not being above: scroll anchoring keeps a reader in the footer there while new cards
  // are added above, which must not fetch page after page.
  const line = () => window.innerHeight + TRIGGER_PX;
  let lastTop = marker.getBoundingClientRect().top;
  let crossed = false;
  const onScroll = () => {
    const top = marker.getBoundingClientRect().top;
    if (lastTop >= line() && top < line()) {
      if (armed) armed();
      else crossed = true;
    }
    lastTop = top;
  };
  window.addEventListener('scroll', onScroll, { passive: true });

  function arm() {
    if (typeof IntersectionObserver === 'undefined') return;
    const load = () => {
      // Reports queued before the disconnect must not ask again (a second fetchNextPage cancels and restarts).
      if (armed !== load) return;
      stop();
      crossed = false;
      onApproach();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load();
      },
      { rootMargin: `${TRIGGER_PX}px` },
    );
    const stop = () => {
      observer.disconnect();
      armed = undefined;
      disarm = undefined;
    };
    armed = load;
    disarm = stop;
    observer.observe(marker);
    if (crossed) load();
  }

  let count = 0;
  let columns = 1;
  let gap = 0;
  let measuredFor = '';
  const heights = new Map<number, number>();
  let shown = '';
  let frame = 0;

  const chunkSize = () => columns * Math.ceil(CHUNK_CARDS / columns);
  const rowsOf = (chunk: number) => Math.ceil((Math.min(count, (chunk + 1) * chunkSize()) - chunk * chunkSize()) / columns);

  function readLayout() {
    const style = getComputedStyle(list);
    columns = style.display.includes('grid') ? Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length) : 1;
    gap = parseFloat(style.rowGap) || 0;
    // A new column count or width changes every chunk's height: measure again.
    const key = `${columns}:${list.clientWidth}`;
    if (key !== measuredFor) {
      measuredFor = key;
      heights.clear();
    }
  }

  /** Heights of the chunks now on screen, from their first card's top to their last row's bottom. */
  function measure() {
    const cards = new Map<number, HTMLElement>();
    for (const child of list.children) {
      const index = (child as HTMLElement).dataset.i;
      if (index !== undefined) cards.set(Number(index), child as HTMLElement);
    }
    const size = chunkSize();
    for (let chunk = 0; chunk * size < count; chunk += 1) {
      const first = cards.get(chunk * size);
      const lastIndex = Math.min(count, (chunk + 1) * size) - 1;
      if (!first || !cards.has(lastIndex)) continue;
      const top = first.getBoundingClientRect().top;
      let bottom = top;
      for (let index = lastIndex; index >= lastIndex - columns + 1 && index >= chunk * size; index -= 1) {
        bottom = Math.max(bottom, cards.get(index)?.getBoundingClientRect().bottom ?? bottom);
      }
      heights.set(chunk, bottom - top);
    }
  }

  function rowHeight() {
    let total = 0;
    let rows = 0;
    for (const [chunk, height] of heights) {
      const chunkRows = rowsOf(chunk);
      total += height - (chunkRows - 1) * gap;
      rows += chunkRows;
    }
    return rows > 0 ? total / rows : DEFAULT_ROW_PX;
  }

  function compute() {
    frame = 0;
    const size = chunkSize();
    const chunks = Math.ceil(count / size);
    const row = rowHeight();
    const heightOf = (chunk: number) => heights.get(chunk) ?? rowsOf(chunk) * row + (rowsOf(chunk) - 1) * gap;
    const viewport = window.innerHeight || document.documentElement.clientHeight;
    // A screen above and a screen below stay rendered: a fast flick lands on cards, not on blank space.
    const margin = Math.max(viewport, 600);
    const listTop = list.getBoundingClientRect().top;
    // Focus inside a card must never be unmounted (keyboard users would be thrown to the page's start).
    const focused = list.contains(document.activeElement) ? Number((document.activeElement?.closest('[data-i]') as HTMLElement | null)?.dataset.i) : NaN;

    const runs: HiddenRun[] = [];
    let y = listTop;
    for (let chunk = 0; chunk < chunks; chunk += 1) {
      const height = heightOf(chunk);
      const from = chunk * size;
      const to = Math.min(count, from + size);
      const near = y + height > -margin && y < viewport + margin;
      const keep = near || (focused >= from && focused < to);
      if (!keep) {
        const last = runs.at(-1);
        if (last && last.to === from) {
          last.to = to;
          last.height += gap + height;
        } else runs.push({ from, to, height });
      }
      y += height + gap;
    }
    const rounded = runs.map((run) => ({ ...run, height: Math.round(run.height) }));
    const key = JSON.stringify(rounded);
    if (key !== shown) {
      shown = key;
      onChange(rounded);
    }
  }

  // Lists too short to window (count 0) cost a scroll nothing beyond the marker check.
  const schedule = () => {
    if (!frame && count > 0) frame = requestAnimationFrame(compute);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);

  return {
    update(next, mayLoad) {
      count = next;
      if (count > 0) {
        readLayout();
        measure();
      }
      compute();
      // A render moves the marker without a scroll event (new cards push it down, spacers change): take its
      // position now, so the next scroll compares with where it is, not where it was before the render (a
      // stale position above the line made a fling past the new marker look like no crossing at all). Not a
      // crossing itself: only the reader's scrolling approaches the marker.
      lastTop = marker.getBoundingClientRect().top;
      if (mayLoad && !mayLoadBefore) arm();
      else if (!mayLoad) disarm?.();
      mayLoadBefore = mayLoad;
    },
    stop() {
      disarm?.();
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    },
  };
}
