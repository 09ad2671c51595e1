/**
 * The community feed: recent reviews (review.ts) and recaps (recap.ts) in one list, newest first, optionally in
 * one state. Each source is read through its own module's paged list; the feed merges the two by date.
 *
 * Its cursor holds the state asked for and one position per source: the source's own cursor for the page being read (`c`), the sort
 * key of the last item the feed took from it (`a`: `<createdAt>#<id>`), and whether it ran out (`d`). The next
 * page reads each source's page again from `c` and drops what is not older than `a`, so an item is never
 * shown twice nor skipped, whichever of the two sources the previous page took more from, and new writes in
 * between do not shift anything. No item is stored for the feed: both lists are Queries on their own indexes.
 */
import * as z from 'zod';
import { excerptOf } from '#shared/plain-text';
import { FEED_EXCERPT_LENGTH, type CommunityItem, type CommunityPage } from '#shared/schemas/community';
import { decodeJsonCursor, encodeJsonCursor, invalidCursor } from '#lib/cursor';
import { listRecentRecaps } from './recap.ts';
import { listRecentReviews } from './review.ts';

const FEED_PAGE_SIZE = 20;
/** Pages one source may be read for one feed page (a source's pages hold 20 items; a feed page takes at most 20). */
const READS_PER_SOURCE = 3;

const PositionSchema = z.object({ c: z.string().max(2048).optional(), a: z.string().max(120).optional(), d: z.literal(1).optional() });
/** `s` is the state the feed was asked for ('' for all): a cursor only continues the feed it came from. */
const FeedCursorSchema = z.object({ s: z.string().max(2), r: PositionSchema, p: PositionSchema });
type Position = z.infer<typeof PositionSchema>;

interface SourcePage {
  readonly items: CommunityItem[];
  readonly nextCursor?: string;
}

type Source = (cursor: string | undefined) => Promise<SourcePage>;

const sortKey = (item: Pick<CommunityItem, 'createdAt' | 'id'>) => `${item.createdAt}#${item.id}`;

function reviewsSource(state: string | undefined): Source {
  return async (cursor) => {
    const page = await listRecentReviews({ ...(state ? { state } : {}), ...(cursor ? { cursor } : {}) });
    return {
      items: page.items.map((review) => ({
        kind: 'review',
        id: review.id,
        event: review.event,
        authorName: review.authorName,
        createdAt: review.createdAt,
        excerpt: excerptOf(review.text, FEED_EXCERPT_LENGTH),
        overall: review.overall,
      })),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  };
}

function recapsSource(state: string | undefined): Source {
  return async (cursor) => {
    const page = await listRecentRecaps({ ...(state ? { state } : {}), ...(cursor ? { cursor } : {}) });
    return {
      items: page.items.map((recap) => ({
        kind: 'recap',
        id: recap.id,
        event: recap.event,
        authorName: recap.authorName,
        createdAt: recap.createdAt,
        excerpt: recap.excerpt,
        title: recap.title,
      })),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  };
}

/** One source as the merge reads it: the items of its current page still to take, and where it stands. */
class SourceReader {
  private buffer: CommunityItem[] = [];
  private pageNext: string | undefined;
  private reads = 0;

  constructor(
    private readonly read: Source,
    private position: Position,
  ) {}

  /** Reads the source's page at the position, keeping only items older than the last one taken. */
  async fill(): Promise<void> {
    if (this.position.d) return;
    this.reads += 1;
    const page = await this.read(this.position.c);
    const after = this.position.a;
    this.buffer = after ? page.items.filter((item) => sortKey(item) < after) : [...page.items];
    this.pageNext = page.nextCursor;
  }

  /**
   * The newest item not yet taken; undefined when the source ran out, or when its next page may not be read
   * within this request (then the feed page ends early: nothing older may be taken before it is read).
   */
  async head(): Promise<{ item?: CommunityItem; blocked: boolean }> {
    while (this.buffer.length === 0 && !this.position.d) {
      if (!this.pageNext) {
        this.position = { ...this.position, d: 1 };
        break;
      }
      if (this.reads >= READS_PER_SOURCE) return { blocked: true };
      this.position = { ...this.position, c: this.pageNext };
      await this.fill();
    }
    return { item: this.buffer[0], blocked: false };
  }

  take(): void {
    const item = this.buffer.shift();
    if (item) this.position = { ...this.position, a: sortKey(item) };
  }

  /** Where the next feed page starts reading this source. */
  finalPosition(): Position {
    if (this.buffer.length === 0 && !this.pageNext) return { ...this.position, d: 1 };
    if (this.buffer.length === 0 && this.pageNext) return { ...this.position, c: this.pageNext };
    return this.position;
  }
}

function positionsOf(cursor: string | undefined, state: string): { r: Position; p: Position } {
  if (!cursor) return { r: {}, p: {} };
  const parsed = FeedCursorSchema.safeParse(decodeJsonCursor(cursor));
  if (!parsed.success || parsed.data.s !== state) throw invalidCursor();
  return parsed.data;
}

/** Recent reviews and recaps across races, newest first; in one state when asked. */
export async function listCommunityFeed(query: { state?: string; cursor?: string }): Promise<CommunityPage> {
  const state = query.state ?? '';
  const start = positionsOf(query.cursor, state);
  const reviews = new SourceReader(reviewsSource(query.state), start.r);
  const recaps = new SourceReader(recapsSource(query.state), start.p);
  await Promise.all([reviews.fill(), recaps.fill()]);
  const items: CommunityItem[] = [];
  while (items.length < FEED_PAGE_SIZE) {
    const [review, recap] = await Promise.all([reviews.head(), recaps.head()]);
    if (review.blocked || recap.blocked) break;
    const newest =
      review.item && (!recap.item || sortKey(review.item) > sortKey(recap.item)) ? { reader: reviews, item: review.item } : recap.item ? { reader: recaps, item: recap.item } : undefined;
    if (!newest) break;
    newest.reader.take();
    items.push(newest.item);
  }
  const next = { s: state, r: reviews.finalPosition(), p: recaps.finalPosition() };
  return { items, ...(next.r.d && next.p.d ? {} : { nextCursor: encodeJsonCursor(next) }) };
}
