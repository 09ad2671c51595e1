/**
 * The last 12 weeks as bars of distance (uPlot, loaded with this module only where the chart shows). The
 * canvas is for the eye; the page gives the same figures as a table for screen readers and keyboards.
 */
import { useMemo } from 'react';
import uPlot from 'uplot';
import { useUplotChart, type ChartPlan } from '../../../components/uplot-chart.ts';
import type { WeekFigures } from '#shared/schemas/training-stats';
import { distanceIn, type DistanceUnit } from '#shared/units';
import './weekly-chart.css';

const HEIGHT = 220;

export default function WeeklyChart({ weeks, unit }: { weeks: readonly WeekFigures[]; unit: DistanceUnit }) {
  const plan = useMemo((): ChartPlan => {
    // Weeks by position, labelled by their Monday: bars sit on their week, with room at both ends.
    const data: ChartPlan['data'] = [weeks.map((_, index) => index), weeks.map((week) => distanceIn(unit, week.distanceKm))];
    const label = (index: number) => {
      const week = weeks[index];
      return week ? new Date(`${week.weekStart}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }) : '';
    };
    const bars = uPlot.paths.bars!({ size: [0.6, 48] });
    return {
      options: {
        legend: { show: false },
        series: [{}, { label: unit, stroke: '#c2410c', fill: 'rgba(234, 88, 12, 0.55)', paths: bars, points: { show: false } }],
        scales: { x: { time: false, range: () => [-0.6, weeks.length - 0.4] }, y: { range: (_chart, _min, max) => [0, Math.max(5, Math.ceil(max * 1.15))] } },
        axes: [
          { space: 44, incrs: [1, 2, 3, 4, 6], values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? label(tick) : '')) },
          { label: unit },
        ],
      },
      data,
    };
  }, [weeks, unit]);
  const holder = useUplotChart(plan, HEIGHT);
  return <div ref={holder} className="weekly-chart" aria-hidden="true" />;
}
