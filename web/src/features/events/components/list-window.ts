/**
 * Windowing for long result lists (a chunk of its own, loaded only once a list grows past WINDOW_FROM cards):
 * cards far above or below the viewport are replaced by one spacer per run of hidden cards, with the height
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

export interface ListWindow {
  /** After each render of the list: measures what is shown and hides what is far away. */
  update(count: number): void;
  stop(): void;
}

export type WatchListWindow = typeof watchListWindow;

/** About this many cards per chunk (rounded to whole rows). */
const CHUNK_CARDS = 12;
/** A row's height before any has been measured. */
const DEFAULT_ROW_PX = 240;

export function watchListWindow(list: HTMLElement, onChange: (runs: HiddenRun[]) => void): ListWindow {
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

  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(compute);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);

  return {
    update(next) {
      count = next;
      readLayout();
      measure();
      compute();
    },
    stop() {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    },
  };
}
