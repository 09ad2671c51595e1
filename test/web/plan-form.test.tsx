/**
 * The plan form (issue 21): it shows what the athlete's log gives the plan, in their unit, before they ask; a
 * refusal is shown in place with everything typed kept; the optional race result is sent as distance and
 * seconds, and a half-typed one is caught before any request.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../web/src/lib/api-error.ts';
import { PlanForm } from '../../web/src/features/training/components/plan-form.tsx';
import { createFakeApi, type FakeApi } from './events-fixtures.ts';
import { renderApp, signedInAs } from './render-app.tsx';
import { answerApiWith } from './fake-use-api.ts';

const mocked = { api: undefined as unknown as FakeApi };

const HISTORY = {
  today: '2026-03-04',
  // 13.3 mi a week, longest 6.2 mi, best run 3.1 mi in 28:00.
  history: { currentWeeklyKm: 21.4, longestRunKm: 10, runs: 9, weeks: 3, bestEffort: { date: '2026-02-25', distanceKm: 4.989, minutes: 28, vdot: 33.6 } },
};

beforeEach(() => {
  mocked.api = createFakeApi();
  answerApiWith(mocked.api.request);
  mocked.api.on('getPlanStartingPoint', () => HISTORY);
});

function renderForm() {
  const { auth, profile } = signedInAs('athlete');
  return renderApp({ auth, profile: { ...profile, units: 'mi' }, routes: [{ path: '/', element: <PlanForm unit="mi" onCreated={vi.fn()} /> }] });
}

describe('plan form', () => {
  it("shows the log's figures in the athlete's unit before a plan is asked for", async () => {
    renderForm();
    const box = await screen.findByLabelText('From your training log');
    expect(box).toHaveTextContent('From your log: 9 runs in the last 3 weeks');
    expect(box).toHaveTextContent('About 13.3 mi a week');
    expect(box).toHaveTextContent('Longest run 6.2 mi');
    expect(box).toHaveTextContent('3.1 mi in 28:00 (9:02 /mi)');
    expect(box).not.toHaveTextContent(/\bkm\b/);
  });

  it('says so when the log has no runs, and the plan will start from the figures typed or the level', async () => {
    mocked.api.on('getPlanStartingPoint', () => ({ today: '2026-03-04', history: null }));
    renderForm();
    expect(await screen.findByText(/Your log has no runs in the last 4 weeks/)).toBeInTheDocument();
  });

  it('keeps everything typed on a refusal and sends the race result as distance and seconds', async () => {
    const user = userEvent.setup();
    mocked.api.on('createTrainingPlan', () => {
      throw new ApiError(422, 'A half marathon needs a 9.9 mi long run; from your longest run of 2 mi (from what you entered), ...', 'plan_refused');
    });
    renderForm();
    await user.selectOptions(screen.getByLabelText(/Race distance/), 'half');
    await user.selectOptions(screen.getByLabelText(/Your level/), 'beginner');
    await user.type(screen.getByLabelText('Longest recent run (mi, optional)'), '2');
    await user.selectOptions(screen.getByLabelText('Recent race or time trial (optional)'), '5k');
    await user.type(screen.getByLabelText('Its finishing time (optional)'), '27:30');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText('This plan would not be safe')).toBeInTheDocument();
    expect(screen.getByText(/from what you entered/)).toBeInTheDocument();
    expect(screen.getByLabelText('Longest recent run (mi, optional)')).toHaveValue(2);
    expect(screen.getByLabelText('Its finishing time (optional)')).toHaveValue('27:30');
    expect(screen.getByLabelText(/Race distance/)).toHaveValue('half');
    const [call] = mocked.api.callsOf('createTrainingPlan');
    expect((call as { body?: unknown } | undefined)?.body).toMatchObject({ raceDistance: 'half', level: 'beginner', longestRunKm: 3.219, recentRace: { distanceKm: 5, timeSeconds: 1650 } });
  });

  it('asks for the distance of a race result given only its time, before any request', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText(/Race distance/), 'half');
    await user.selectOptions(screen.getByLabelText(/Your level/), 'beginner');
    await user.type(screen.getByLabelText('Its finishing time (optional)'), '27:30');
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    await waitFor(() => expect(screen.getByText('Choose the distance of the race you ran')).toBeInTheDocument());
    expect(mocked.api.callsOf('createTrainingPlan')).toEqual([]);
  });
});
