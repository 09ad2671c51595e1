/**
 * The race checklist's ticks in jsdom, with the API held open where a test needs it: a tick shows in the same
 * event as the click (Playwright's check() reads the box right after it), and neither a tick nor an added item
 * is undone on screen by a read of the list that was answered before it.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Checklist, ChecklistItem } from '../../shared/schemas/race-checklist.ts';
import { RaceChecklist } from '../../web/src/features/race-checklist/components/race-checklist.tsx';
import { createFakeApi, deferred, makeEvent, type FakeApi } from './events-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

const race = makeEvent({ title: 'Riverside Half' });

const item = (id: string, text: string, checked = false): ChecklistItem => ({ id, section: 'gear', text, checked, added: false });
const SHOES = item('shoes', 'Race shoes');
const WATCH = item('watch', 'Watch charged');
const listOf = (...items: ChecklistItem[]): Checklist => ({ eventId: race.id, template: 'road', startedAt: null, items });

/** The server's answers to GET, one a call, each held until the test gives it. */
let reads: ReturnType<typeof deferred<Checklist>>[];

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  reads = [];
  mocked.api.on('getRaceChecklist', () => {
    const read = deferred<Checklist>();
    reads.push(read);
    return read.promise;
  });
});

/** Gives an answer, then lets the query cache tell the page (it does so a timer later), so what follows sees the outcome. */
async function answer<T>(request: { resolve(value: T): void }, value: T) {
  await act(async () => {
    request.resolve(value);
    await new Promise((done) => setTimeout(done, 20));
  });
}

/** What a PATCH sends, as the fake API's handler receives it. */
const bodyOf = (input: unknown) => (input as { body: { checked: boolean } }).body;

async function renderChecklist(first: Checklist) {
  const { auth } = signedInAs('athlete');
  renderApp({ auth, routes: [{ path: '/', element: <RaceChecklist race={race} /> }] });
  await waitFor(() => expect(reads).toHaveLength(1));
  await answer(reads[0]!, first);
  return within(await screen.findByRole('region', { name: 'Gear' }));
}

describe('race checklist ticks', () => {
  it('ticks the box in the same event as the click, and keeps it ticked once the server agrees', async () => {
    mocked.api.on('checkRaceChecklistItem', (input) => ({ ...SHOES, checked: bodyOf(input).checked }));
    const gear = await renderChecklist(listOf(SHOES, WATCH));
    const shoes = gear.getByRole('checkbox', { name: 'Race shoes' });

    fireEvent.click(shoes);
    // No waiting: what a person (and Playwright's check()) sees right after the click.
    expect(shoes).toBeChecked();
    expect(screen.getByText('1 of 2 done')).toBeInTheDocument();
    await waitFor(() =>
      expect(mocked.api.callsOf('checkRaceChecklistItem')).toEqual([expect.objectContaining({ path: { eventId: race.id, itemId: 'shoes' }, body: { checked: true } })]),
    );

    // Settled, the list is read again; the server's list has the tick.
    await waitFor(() => expect(reads).toHaveLength(2));
    expect(shoes).toBeChecked();
    await answer(reads[1]!, listOf({ ...SHOES, checked: true }, WATCH));
    expect(shoes).toBeChecked();
    expect(screen.getByText('1 of 2 done')).toBeInTheDocument();
  });

  it('keeps a tick when a read of the list answered before it lands after it', async () => {
    const patches: ReturnType<typeof deferred<ChecklistItem>>[] = [];
    mocked.api.on('checkRaceChecklistItem', () => {
      const patch = deferred<ChecklistItem>();
      patches.push(patch);
      return patch.promise;
    });
    const gear = await renderChecklist(listOf(SHOES, WATCH));
    const shoes = gear.getByRole('checkbox', { name: 'Race shoes' });
    const watch = gear.getByRole('checkbox', { name: 'Watch charged' });

    // The first tick settles and the list is read again; that read is still open...
    fireEvent.click(shoes);
    await waitFor(() => expect(patches).toHaveLength(1));
    await answer(patches[0]!, { ...SHOES, checked: true });
    await waitFor(() => expect(reads).toHaveLength(2));

    // ...when the second box is ticked, and then answers with the list as it was before that tick.
    fireEvent.click(watch);
    expect(watch).toBeChecked();
    await answer(reads[1]!, listOf({ ...SHOES, checked: true }, WATCH));
    expect(watch).toBeChecked();
    expect(shoes).toBeChecked();
    expect(screen.getByText('2 of 2 done')).toBeInTheDocument();

    // The tick's answer, then the read after the last write: both boxes stay ticked throughout.
    await waitFor(() => expect(patches).toHaveLength(2));
    await answer(patches[1]!, { ...WATCH, checked: true });
    expect(watch).toBeChecked();
    await waitFor(() => expect(reads).toHaveLength(3));
    await answer(reads[2]!, listOf({ ...SHOES, checked: true }, { ...WATCH, checked: true }));
    expect(watch).toBeChecked();
    expect(shoes).toBeChecked();
    expect(screen.getByText('2 of 2 done')).toBeInTheDocument();
  });

  it('keeps an added item when a read of the list answered before it lands after it', async () => {
    mocked.api.on('checkRaceChecklistItem', () => ({ ...SHOES, checked: true }));
    const added: ChecklistItem = { id: '01JQ7Z5ZB2M8E7W4N6R3T9XK01', section: 'gear', text: 'Spare laces', checked: false, added: true };
    mocked.api.on('addRaceChecklistItem', () => added);
    const gear = await renderChecklist(listOf(SHOES, WATCH));

    fireEvent.click(gear.getByRole('checkbox', { name: 'Race shoes' }));
    await waitFor(() => expect(reads).toHaveLength(2));

    fireEvent.click(gear.getByRole('button', { name: '+ Add to Gear' }));
    fireEvent.change(gear.getByLabelText('New item for Gear'), { target: { value: 'Spare laces' } });
    fireEvent.submit(gear.getByRole('form', { name: 'Add an item to Gear' }));
    await gear.findByText('Spare laces');
    expect(gear.getByLabelText('New item for Gear')).toHaveValue('');

    await answer(reads[1]!, listOf({ ...SHOES, checked: true }, WATCH));
    expect(gear.getByText('Spare laces')).toBeInTheDocument();
    expect(screen.getByText('1 of 3 done')).toBeInTheDocument();

    await waitFor(() => expect(reads).toHaveLength(3));
    await answer(reads[2]!, listOf({ ...SHOES, checked: true }, WATCH, added));
    expect(gear.getByText('Spare laces')).toBeInTheDocument();
  });

  it('puts a refused tick back, with a toast saying what happened', async () => {
    mocked.api.on('checkRaceChecklistItem', () => {
      throw new Error('The service is busy. Try again.');
    });
    const gear = await renderChecklist(listOf(SHOES, WATCH));
    const shoes = gear.getByRole('checkbox', { name: 'Race shoes' });

    fireEvent.click(shoes);
    expect(shoes).toBeChecked();
    expect(await screen.findByText('Not ticked')).toBeInTheDocument();
    expect(screen.getByText('“Race shoes”: The service is busy. Try again.')).toBeInTheDocument();
    await waitFor(() => expect(shoes).not.toBeChecked());
    expect(screen.getByText('0 of 2 done')).toBeInTheDocument();
  });
});
