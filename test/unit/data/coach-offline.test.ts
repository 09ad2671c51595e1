/** The offline coach (no AI service configured): each quick question is answered with what it asks. */
import { describe, expect, it } from 'vitest';
import type { CoachContext } from '../../../lambdas/data/coach-context.ts';
import { offlineReply } from '../../../lambdas/data/coach-offline.ts';

const CONTEXT: CoachContext = {
  units: 'mi',
  today: '2026-11-27',
  goal: { title: 'Run 20 miles a week', kind: 'weekly_distance', progressPercent: 40 },
  activePlan: {
    id: '01JPLANPLANPLANPLANPLANPLA',
    name: 'Half marathon plan · 12 weeks',
    raceDistance: 'half',
    raceDate: '2027-02-21',
    missedWorkouts: 2,
    paces: { easy: '10:30/mi', tempo: '9:05/mi', interval: '8:20/mi', race: '9:20/mi', from: 'log' },
    thisWeek: {
      phase: 'base',
      plannedKm: 24,
      workouts: [{ date: '2026-11-27', type: 'easy', distanceKm: 6.4, description: 'Easy 4 mi (about 10:30/mi)', completed: false }],
    },
  },
  thisWeek: { workouts: 2, distanceKm: 12.9, durationMinutes: 130, runs: 2 },
  last4Weeks: [
    { weekStart: '2026-11-09', workouts: 3, distanceKm: 16.1 },
    { weekStart: '2026-11-16', workouts: 3, distanceKm: 19.3 },
    { weekStart: '2026-11-23', workouts: 2, distanceKm: 12.9 },
  ],
  trainingLoad: { fitness: 41.6, fatigue: 55.2, form: -13.6, rampRate: 3.2 },
  recentLogs: [],
};

describe('offlineReply', () => {
  it("answers 'What should I do today?' with today's workout, in the athlete's units", () => {
    expect(offlineReply(CONTEXT, undefined, 'What should I do today?')).toBe(
      '(Offline coach: no AI service is configured, so I answer from your own numbers.) Today your plan has: Easy 4 mi (about 10:30/mi)',
    );
    expect(offlineReply({ ...CONTEXT, activePlan: null }, undefined, 'What should I do today?')).toMatch(/Start a plan on the training hub/);
  });

  it("answers 'How is my training going this week?' with the week, the goal and what was missed", () => {
    const reply = offlineReply(CONTEXT, undefined, 'How is my training going this week?');
    expect(reply).toContain('This week you have logged 2 workouts and 8 mi.');
    expect(reply).toContain('Your goal "Run 20 miles a week" is at 40%.');
    expect(reply).toContain('2 planned workouts of the last two weeks were missed.');
    expect(reply).toContain('Your fitness is 42, fatigue 55 and form -14 (training hard). Fitness rose 3.2 this week.');
    expect(reply).not.toContain('Today your plan has');
  });

  it('answers anything else with every figure it has', () => {
    const reply = offlineReply(CONTEXT, undefined, 'How do I recover after a long run?');
    expect(reply).toContain('This week you have logged');
    expect(reply).toContain('Today your plan has: Easy 4 mi');
  });
});
