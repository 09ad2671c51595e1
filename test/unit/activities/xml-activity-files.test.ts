import { describe, expect, it } from 'vitest';
import { activityFigures } from '../../../lambdas/lib/activities/activity-figures.ts';
import { ActivityFileError, NotAnActivityError } from '../../../lambdas/activity-uploads/activity-file-error.ts';
import { readGpxActivity } from '../../../lambdas/activity-uploads/gpx-file.ts';
import type { RecordedActivity } from '../../../lambdas/lib/activities/recorded-activity.ts';
import { readTcxActivities } from '../../../lambdas/activity-uploads/tcx-file.ts';
import { haversineMeters } from '../../../lambdas/lib/tracks/track-math.ts';
import { gpxActivity, northboundTrack, tcxActivities } from '../../support/activity-files.ts';

/** Three 25 m hills, a 600 m wave: gain about 3 x 25 m, less what the 100 m smoothing takes off the tops. */
const hills = (index: number) => 1600 + (25 * (1 - Math.cos((2 * Math.PI * index) / 200))) / 2;
const track = northboundTrack({ count: 601, stepMeters: 3, pause: { afterIndex: 300, seconds: 90 }, elevation: hills });

const thrown = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(ActivityFileError);
    return error as ActivityFileError;
  }
  throw new Error('the file was accepted');
};

describe('GPX activities', () => {
  it('reads times, heart rates and the type, and measures the recording', () => {
    const activity = readGpxActivity(gpxActivity(track, { name: 'Hill repeats', type: '9' }));
    expect(activity).toMatchObject({ activityType: 'running', name: 'Hill repeats', startedAt: new Date(track[0]?.time as number) });
    expect(activity.samples).toHaveLength(601);
    expect(activity.samples[5]).toMatchObject({ time: track[5]?.time, heartRate: 150 });

    const figures = activityFigures(activity);
    const measured = track.slice(1).reduce((sum, sample, index) => sum + haversineMeters(track[index] as typeof sample, sample), 0);
    expect(Math.abs(figures.distanceMeters - measured)).toBeLessThanOrEqual(1);
    expect(figures.distanceMeters).toBe(1797);
    expect(figures).toMatchObject({ movingSeconds: 599, elapsedSeconds: 689, avgHeartRate: 150 });
    expect(figures.elevationGainMeters).toBeGreaterThanOrEqual(65);
    expect(figures.elevationGainMeters).toBeLessThanOrEqual(75);
    expect(figures.splits).toEqual({ km: [333.3], mile: [536.4] });
    expect(figures.route).toHaveLength(2);
  });

  it('refuses a route without times as no recording', () => {
    const error = thrown(() => readGpxActivity(gpxActivity(track, { withoutTimes: true })));
    expect(error).toBeInstanceOf(NotAnActivityError);
    expect(error.message).toMatch(/no times on its points, so it is a route/);
    expect(thrown(() => readGpxActivity('<gpx><trk><trkseg></trkseg></trk></gpx>')).message).toMatch(/so there is no activity in it/);
  });
});

describe('TCX activities', () => {
  it('reads each activity, its laps summed as totals, past the spaces Strava writes first', () => {
    const ride = northboundTrack({ count: 301, stepMeters: 8, start: new Date('2025-06-02T06:00:00Z') });
    const text = tcxActivities(
      [
        { sport: 'Running', laps: [{ samples: track.slice(0, 301), totalTimeSeconds: 300, distanceMeters: 900 }, { samples: track.slice(301), totalTimeSeconds: 300, distanceMeters: 897 }] },
        { sport: 'Biking', laps: [{ samples: ride, totalTimeSeconds: 300, distanceMeters: 2400 }] },
      ],
      { leadingSpace: true },
    );
    const [run, bike, ...more] = readTcxActivities(text) as [RecordedActivity, RecordedActivity];
    expect(more).toHaveLength(0);
    expect(run).toMatchObject({ activityType: 'running', startedAt: new Date(track[0]?.time as number), totals: { timerSeconds: 600, distanceMeters: 1797 } });
    expect(run.samples[400]).toEqual({ ...track[400], latitude: Number(track[400]?.latitude.toFixed(7)) });
    expect(activityFigures(run)).toMatchObject({ distanceMeters: 1797, movingSeconds: 599, elapsedSeconds: 689, avgHeartRate: 150, splits: { km: [333.3], mile: [536.4] } });
    expect(bike.activityType).toBe('cycling');
    expect(activityFigures(bike)).toMatchObject({ distanceMeters: 2400, movingSeconds: 300, splits: { km: [125, 125] } });
  });

  it('says where broken XML breaks, and that a course is no activity', () => {
    expect(thrown(() => readTcxActivities('<TrainingCenterDatabase>\n<Activities>\n<Activity Sport="Running">\n</Activities>')).message).toMatch(/line 4/);
    const course = thrown(() => readTcxActivities('<TrainingCenterDatabase><Courses><Course><Name>Loop</Name></Course></Courses></TrainingCenterDatabase>'));
    expect(course).toBeInstanceOf(NotAnActivityError);
  });
});

describe('activityFigures from samples alone', () => {
  it('weighs heart rate by time, leaving out a gap where the strap was lost', () => {
    const at = (seconds: number, heartRate: number) => ({ time: Date.UTC(2025, 5, 1) + seconds * 1000, heartRate });
    // 10 s at 100, 1 s at a mean of 150, then 189 s without a reading: 1,150 beats over 11 s.
    const figures = activityFigures({ activityType: 'strength', startedAt: new Date(Date.UTC(2025, 5, 1)), samples: [at(0, 100), at(10, 100), at(11, 200), at(200, 60)], totals: { timerSeconds: 180 } });
    expect(figures).toMatchObject({ avgHeartRate: 105, distanceMeters: 0, movingSeconds: 180, elapsedSeconds: 200, splits: { km: [], mile: [] } });
    expect(figures.route).toBeUndefined();
  });
});
