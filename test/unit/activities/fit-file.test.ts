import { describe, expect, it } from 'vitest';
import { activityFigures } from '../../../lambdas/lib/activities/activity-figures.ts';
import { ActivityFileError, NotAnActivityError } from '../../../lambdas/activity-uploads/activity-file-error.ts';
import { activityTypeOfSport, readFitActivities } from '../../../lambdas/activity-uploads/fit-file.ts';
import { fitActivity, northboundTrack } from '../../support/activity-files.ts';

// 1,201 samples a second apart, 3 m a step, a 2-minute stop after the 601st: 1,199 moving seconds, 3,597 m.
const track = northboundTrack({ count: 1201, stepMeters: 3, pause: { afterIndex: 600, seconds: 120 }, heartRate: (index) => (index <= 600 ? 140 : 170) });

const refusal = (bytes: Uint8Array) => {
  try {
    readFitActivities(bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(ActivityFileError);
    return error as ActivityFileError;
  }
  throw new Error('the file was accepted');
};

describe('readFitActivities', () => {
  it("reads a session's samples in degrees, its totals and the watch's time zone", () => {
    const bytes = fitActivity(track, { sport: 'running', subSport: 'trail', utcOffsetMinutes: -360, enhancedAltitude: true, totals: { distance: 3597, ascent: 42, avgHeartRate: 155 } });
    const [activity, ...more] = readFitActivities(bytes);
    expect(more).toHaveLength(0);
    expect(activity?.activityType).toBe('running');
    expect(activity?.startedAt.toISOString()).toBe('2025-06-01T07:00:00.000Z');
    expect(activity?.utcOffsetMinutes).toBe(-360);
    expect(activity?.samples).toHaveLength(1201);
    const sample = activity?.samples[700];
    const written = track[700];
    // Semicircles are 2^31 to 180 degrees: a step of 8.4e-8 degrees, about a centimetre.
    expect(sample?.latitude).toBeCloseTo(written?.latitude as number, 6);
    expect(sample?.longitude).toBeCloseTo(-105, 6);
    expect(sample).toMatchObject({ time: written?.time, elevation: 1600, distance: written?.distance, heartRate: 170 });
    expect(activity?.totals).toEqual({ distanceMeters: 3597, timerSeconds: 1319, elapsedSeconds: 1319, ascentMeters: 42, avgHeartRate: 155 });
  });

  it('gives the figures of the run: the pause is not moving time, splits at every whole km and mile', () => {
    const [activity] = readFitActivities(fitActivity(track, { totals: { distance: 3597, ascent: 42, avgHeartRate: 155 } }));
    const figures = activityFigures(activity as NonNullable<typeof activity>);
    expect(figures).toMatchObject({ distanceMeters: 3597, movingSeconds: 1199, elapsedSeconds: 1319, elevationGainMeters: 42, avgHeartRate: 155 });
    // 3 m/s: 333.3 s a kilometre and 536.4 s a mile; the stop in the second kilometre does not count.
    expect(figures.splits.km).toEqual([333.3, 333.3, 333.3]);
    expect(figures.splits.mile).toEqual([536.4, 536.4]);
    expect(figures.route?.[0]).toEqual([40, -105]);
  });

  it('refuses a damaged file and a file that is not an activity, saying why', () => {
    const damaged = fitActivity(track);
    damaged[400] = (damaged[400] as number) ^ 0xff;
    expect(refusal(damaged).message).toMatch(/damaged: its checksum does not match/);
    expect(refusal(damaged.subarray(0, 2000)).message).toMatch(/damaged/);

    const course = refusal(fitActivity(track, { fileType: 'course' }));
    expect(course).toBeInstanceOf(NotAnActivityError);
    expect(course.message).toBe('This FIT file is a course file, not a recorded activity.');
  });

  it("maps FIT's sports to the log's types", () => {
    expect(activityTypeOfSport('running', 'treadmill')).toBe('running');
    expect(activityTypeOfSport('fitnessEquipment', 'treadmill')).toBe('running');
    expect(activityTypeOfSport('fitnessEquipment', 'indoorCycling')).toBe('cycling');
    expect(activityTypeOfSport('cycling', 'gravelCycling')).toBe('cycling');
    expect(activityTypeOfSport('swimming', 'lapSwimming')).toBe('swimming');
    expect(activityTypeOfSport('training', 'strengthTraining')).toBe('strength');
    expect(activityTypeOfSport('training', 'yoga')).toBe('yoga');
    expect(activityTypeOfSport('hiking', 'generic')).toBe('other');
    expect(activityTypeOfSport('walking', undefined)).toBe('other');
  });
});
