import { deflateSync, gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { activityFilesIn } from '../../../lambdas/activity-uploads/activity-files.ts';
import { inflateBounded } from '../../../lambdas/activity-uploads/bounded-inflate.ts';
import type { FileOutcome } from '../../../lambdas/lib/activities/recorded-activity.ts';
import { fitActivity, gpxActivity, northboundTrack, tcxActivities } from '../../support/activity-files.ts';

const track = northboundTrack({ count: 121, stepMeters: 3 });
const fit = fitActivity(track);
const gpx = strToU8(gpxActivity(track));
const tcx = strToU8(tcxActivities([{ sport: 'Running', laps: [{ samples: track, totalTimeSeconds: 120, distanceMeters: 360 }] }]));

/** Each outcome as what a person sees: the file, and its activities' types or its reason. */
const summary = (outcomes: Iterable<FileOutcome>) =>
  [...outcomes].map((outcome) => ('error' in outcome ? [outcome.fileName, outcome.error] : [outcome.fileName, outcome.activities.map((activity) => activity.activityType)]));

describe('activityFilesIn', () => {
  it('reads an export archive one file at a time: activities, a gzipped one and a nested archive; passes over the rest; reports the broken one', () => {
    const garminPart = zipSync({ 'run.fit': fit, 'settings.fit': fitActivity(track, { fileType: 'settings' }) });
    const archive = zipSync({
      'export/activities.csv': strToU8('Activity ID,Activity Date\n1,2025-06-01\n'),
      'export/activities/1.fit.gz': gzipSync(fit),
      'export/activities/2.gpx': gpx,
      'export/activities/3.tcx.gz': gzipSync(tcx),
      'export/activities/4.fit': fit.slice(0, 300),
      'export/activities/5.gpx': gpx,
      'export/media/photo.jpg': new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
      'export/routes/planned.gpx': strToU8(gpxActivity(track, { withoutTimes: true })),
      '__MACOSX/export/activities/._2.gpx': new Uint8Array(64),
      'DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip': garminPart,
    });
    const outcomes = activityFilesIn('strava-export.zip', archive);
    // Lazy: the first outcome is there before the archive's other entries are inflated.
    expect(summary([outcomes.next().value as FileOutcome])).toEqual([['export/activities/1.fit.gz', ['running']]]);
    expect(summary(outcomes)).toEqual([
      ['export/activities/2.gpx', ['running']],
      ['export/activities/3.tcx.gz', ['running']],
      ['export/activities/4.fit', expect.stringMatching(/^This FIT file is damaged/)],
      ['export/activities/5.gpx', ['running']],
      ['DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip/run.fit', ['running']],
    ]);
  });

  it('says why a single file gives no activity', () => {
    expect(summary(activityFilesIn('Morning_Run.fit.gz', gzipSync(fit)))).toEqual([['Morning_Run.fit.gz', ['running']]]);
    expect(summary(activityFilesIn('totals.csv', strToU8('a,b\n')))).toEqual([['totals.csv', 'totals.csv is not a GPX, TCX or FIT file, nor a ZIP archive of them.']]);
    expect(summary(activityFilesIn('ride.gpx', tcx))).toEqual([['ride.gpx', 'This file is named .gpx but is a TCX file. Rename it to .tcx and upload it again.']]);
    expect(summary(activityFilesIn('ride.fit', gpx))).toEqual([['ride.fit', 'This file is named .fit but is a GPX file. Rename it to .gpx and upload it again.']]);
    expect(summary(activityFilesIn('export.zip', gpx))).toEqual([['export.zip', 'This file is named .zip but is a GPX file.']]);
    expect(summary(activityFilesIn('photos.zip', zipSync({ 'a.jpg': new Uint8Array(4) })))).toEqual([['photos.zip', 'photos.zip holds no recorded activities: no GPX, TCX or FIT file of one.']]);
  });

  it('refuses an archive of more activity files than one upload takes, and stops inflating past the bound', () => {
    const many = Object.fromEntries(Array.from({ length: 5_001 }, (_, index) => [`activities/${index}.gpx`, new Uint8Array(0)]));
    expect(summary(activityFilesIn('export.zip', zipSync(many)))).toEqual([['export.zip', expect.stringMatching(/^export\.zip holds more than 5,000 activity files/)]]);
    // A megabyte of zeros deflates to about a kilobyte: the inflate stops at the ceiling instead of making it all.
    expect(() => inflateBounded(deflateSync(new Uint8Array(1024 * 1024)), 64 * 1024)).toThrow(/larger than/);
  });
});
