/**
 * The elevation profile as an area chart (uPlot, loaded with this module only when a course is shown, so no page
 * pays for it before). Distance along the course across, elevation up, in the reader's units. The canvas is for
 * the eye; the section's figures say the same in words for screen readers.
 */
import { useMemo } from 'react';
import './course.css';
import type { Course } from '#shared/schemas/course';
import type { DistanceUnit } from '#shared/units';
import { useUplotChart, type ChartPlan } from '../uplot-chart.ts';
import { axisDistance, axisHeight } from './course-units.ts';

const HEIGHT = 220;

export default function ProfileChart({ profile, unit }: { profile: Course['profile']; unit: DistanceUnit }) {
  const plan = useMemo((): ChartPlan | undefined => {
    if (profile.length < 2) return undefined;
    const data: ChartPlan['data'] = [profile.map(([at]) => axisDistance(unit, at)), profile.map(([, elevation]) => axisHeight(unit, elevation))];
    const heights = data[1] as number[];
    const low = Math.min(...heights);
    const high = Math.max(...heights);
    // At least 100 ft (30 m) of scale, so a flat course looks flat rather than a magnified wiggle.
    const least = unit === 'mi' ? 100 : 30;
    const pad = Math.max((least - (high - low)) / 2, (high - low) * 0.1);
    const distanceWord = unit === 'mi' ? 'mi' : 'km';
    const heightWord = unit === 'mi' ? 'ft' : 'm';
    return {
      options: {
        legend: { show: false },
        cursor: { y: false, points: { size: 8 } },
        series: [
          { value: (_chart, value) => `${value.toFixed(1)} ${distanceWord}` },
          { label: 'Elevation', stroke: '#c2410c', fill: 'rgba(194, 65, 12, 0.14)', width: 2, points: { show: false } },
        ],
        scales: { x: { time: false }, y: { range: () => [Math.floor(low - pad), Math.ceil(high + pad)] } },
        axes: [
          { values: (_chart, ticks) => ticks.map((tick) => `${Number(tick.toFixed(1))} ${distanceWord}`) },
          { size: 64, values: (_chart, ticks) => ticks.map((tick) => `${Math.round(tick).toLocaleString('en-US')} ${heightWord}`) },
        ],
      },
      data,
    };
  }, [profile, unit]);
  const holder = useUplotChart(plan, HEIGHT);
  return <div ref={holder} className="profile-chart" aria-hidden="true" data-testid="profile-chart" />;
}
