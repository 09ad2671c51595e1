/**
 * /admin/reviews: the reported reviews (the review as written, its race, the reasons with counts, the first
 * report), Hide confirmed with an optional note, Keep, a flash for each outcome and the empty state; the Recaps
 * view features, unfeatures, hides and restores recaps. The API is faked at useApi.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminRecap } from '../../shared/schemas/recap.ts';
import type { ReportedReview } from '../../shared/schemas/review.ts';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith, routedApi } from './fake-use-api.ts';

/** The API as this file's tests answer it: each call recorded, then answered by the route's handler. */
const mocked = routedApi();
const { request, callsOf } = mocked;

const EVENT = { id: '01JEVENT000000000000000001', title: 'Harbor Half', eventDate: '2026-10-04', city: 'Portland', state: 'ME', eventType: 'road_race' as const };

function reported(n: number, overrides: Partial<ReportedReview> = {}): ReportedReview {
  return {
    id: `01JREVIEW${String(n).padStart(17, '0')}`,
    eventId: EVENT.id,
    overall: 1,
    text: n === 1 ? 'Buy cheap watches at <b>my site</b>!!' : `Honest review number ${n}.`,
    facets: {},
    authorName: n === 1 ? 'Spam B.' : 'Rosa D.',
    savedBefore: false,
    helpfulCount: 0,
    createdAt: '2026-11-01T14:00:00.000Z',
    updatedAt: '2026-11-01T14:00:00.000Z',
    event: EVENT,
    reportCount: n === 1 ? 3 : 1,
    reasons: n === 1 ? { spam: 2, offensive: 1 } : { off_topic: 1 },
    firstReportedAt: '2026-11-02T09:30:00.000Z',
    ...overrides,
  };
}

function recap(n: number, overrides: Partial<AdminRecap> = {}): AdminRecap {
  return {
    id: `01JRECAP${String(n).padStart(18, '0')}`,
    eventId: EVENT.id,
    title: `Harbor story ${n}`,
    excerpt: 'The fog lifted at mile three and the harbor opened up…',
    authorName: 'Rosa D.',
    event: EVENT,
    createdAt: '2026-11-03T12:00:00.000Z',
    updatedAt: '2026-11-03T12:00:00.000Z',
    status: 'visible',
    ...overrides,
  };
}

beforeAll(async () => {
  await import('../../web/src/admin/admin-area.tsx');
});

let queue: ReportedReview[];
beforeEach(() => {
  mocked.handlers.clear();
  mocked.calls.length = 0;
  answerApiWith(request);
  queue = [reported(1), reported(2)];
  mocked.handlers.set('listReportedRaceReviews', () => ({ items: queue }));
  mocked.handlers.set('moderateRaceReview', ({ path }) => {
    queue = queue.filter((review) => review.id !== path?.reviewId);
    return undefined;
  });
});

async function open(path = '/admin/reviews') {
  const rendered = renderApp({ path, ...signedInAs('admin') });
  await screen.findByRole('heading', { level: 1, name: /Review Moderation/ });
  return rendered;
}
const table = async (name: string) => screen.findByRole('table', { name });

// Cloudscape's table renders slowly in jsdom, and more so on a busy machine.
describe('review moderation screen', () => {
  it('lists reported reviews as written, with their race, reasons and counts and the first report', async () => {
    await open();
    const reviews = await table('Reported reviews');
    await within(reviews).findByText('Buy cheap watches at <b>my site</b>!!');
    // Shown as text: the markup the athlete typed is not rendered.
    expect(reviews.querySelector('b')?.textContent).not.toBe('my site');
    expect(within(reviews).getByText('3 reports')).toBeInTheDocument();
    expect(within(reviews).getByText('Spam: 2')).toBeInTheDocument();
    expect(within(reviews).getByText('Offensive: 1')).toBeInTheDocument();
    expect(within(reviews).getByText('Off topic: 1')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('link', { name: /Harbor Half/ })[0]).toHaveAttribute('href', `/events/${EVENT.id}`);
    expect(within(reviews).getAllByText(/Nov 2, 2026/).length).toBe(2);
  });

  it('hides a review after a confirmation with a note, says so, and reloads the queue', async () => {
    const user = userEvent.setup();
    await open();
    await within(await table('Reported reviews')).findByText('Buy cheap watches at <b>my site</b>!!');
    await user.click(screen.getByRole('button', { name: 'Hide the review of Harbor Half by Spam B.' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will be hidden: it leaves the race's page/)).toBeInTheDocument();
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('moderateRaceReview')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Hide the review of Harbor Half by Spam B.' }));
    const again = await screen.findByRole('dialog');
    await user.type(within(again).getByRole('textbox', { name: 'Notes for the record' }), 'Advertising');
    await user.click(within(again).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Review hidden')).toBeInTheDocument();
    expect(callsOf('moderateRaceReview')).toEqual([{ path: { id: EVENT.id, reviewId: reported(1).id }, body: { decision: 'hide', note: 'Advertising' } }]);
    await waitFor(() => expect(screen.queryByText('Buy cheap watches at <b>my site</b>!!')).toBeNull());
    expect(screen.getByText('Honest review number 2.')).toBeInTheDocument();
  });

  it('keeps a review without a note, and shows the empty state when the queue is done', async () => {
    const user = userEvent.setup();
    queue = [reported(2)];
    await open();
    await within(await table('Reported reviews')).findByText('Honest review number 2.');
    await user.click(screen.getByRole('button', { name: 'Keep the review of Harbor Half by Rosa D.' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep' }));
    expect(await screen.findByText('Review kept')).toBeInTheDocument();
    expect(callsOf('moderateRaceReview')).toEqual([{ path: { id: EVENT.id, reviewId: reported(2).id }, body: { decision: 'keep' } }]);
    expect(await screen.findByText('No reported reviews')).toBeInTheDocument();
  });

  it("shows the server's words when a decision fails, and a retry when the queue does not load", async () => {
    const user = userEvent.setup();
    mocked.handlers.set('moderateRaceReview', () => {
      throw new ApiError(409, 'This review is already hidden.');
    });
    await open();
    await within(await table('Reported reviews')).findByText('Honest review number 2.');
    await user.click(screen.getByRole('button', { name: 'Hide the review of Harbor Half by Rosa D.' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Hiding failed')).toBeInTheDocument();
    expect(screen.getByText('This review is already hidden.')).toBeInTheDocument();

    mocked.handlers.set('listReportedRaceReviews', () => {
      throw new ApiError(503, 'The service is busy.');
    });
    await open();
    expect(await screen.findByText('Unable to load reported reviews')).toBeInTheDocument();
    queue = [];
    mocked.handlers.set('listReportedRaceReviews', () => ({ items: [] }));
    await user.click(screen.getAllByRole('button', { name: 'Retry' }).at(-1)!);
    expect(await screen.findByText('No reported reviews')).toBeInTheDocument();
  });

  it('features, unfeatures, hides and restores recaps from the Recaps view', async () => {
    const user = userEvent.setup();
    let recaps = [recap(1), recap(2, { featuredAt: '2026-11-04T10:00:00.000Z', featuredBy: 'admin' }), recap(3, { status: 'hidden', moderation: { decision: 'hide', by: 'admin', at: '2026-11-04T11:00:00.000Z', note: 'Spam' } })];
    const update = (id: string, change: Partial<AdminRecap>) => {
      recaps = recaps.map((item) => (item.id === id ? { ...item, ...change } : item));
      return recaps.find((item) => item.id === id);
    };
    mocked.handlers.set('listAdminRecaps', () => ({ items: recaps }));
    mocked.handlers.set('featureRecap', ({ path }) => update(path!.id!, { featuredAt: '2026-11-05T10:00:00.000Z' }));
    mocked.handlers.set('unfeatureRecap', ({ path }) => update(path!.id!, { featuredAt: undefined }));
    mocked.handlers.set('moderateRecap', ({ path, body }) => update(path!.id!, { status: body?.decision === 'hide' ? 'hidden' : 'visible' }));
    await open('/admin/reviews?view=recaps');
    const list = await table('Race recaps');
    await within(list).findByText('Harbor story 1');
    expect(within(list).getByText('Note: Spam')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Feature the recap Harbor story 1' }));
    expect(await screen.findByText('Recap featured')).toBeInTheDocument();
    expect(callsOf('featureRecap')).toEqual([{ path: { id: recap(1).id } }]);
    await user.click(screen.getByRole('button', { name: 'Unfeature the recap Harbor story 2' }));
    expect(await screen.findByText('Recap unfeatured')).toBeInTheDocument();
    expect(callsOf('unfeatureRecap')).toEqual([{ path: { id: recap(2).id } }]);

    await user.click(screen.getByRole('button', { name: 'Hide the recap Harbor story 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/will be hidden/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Recap hidden')).toBeInTheDocument();
    expect(callsOf('moderateRecap')).toEqual([{ path: { id: recap(1).id }, body: { decision: 'hide' } }]);

    await user.click(screen.getByRole('button', { name: 'Restore the recap Harbor story 3' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Recap restored')).toBeInTheDocument();
    expect(callsOf('moderateRecap').at(-1)).toEqual({ path: { id: recap(3).id }, body: { decision: 'restore' } });
  });
});
