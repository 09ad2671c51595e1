/**
 * Fitness, fatigue and form over the days asked for, as lines (uPlot, loaded with this module only where the chart
 * shows), with each day's load as faint bars. The canvas is for the eye; the panel gives the figures in words and
 * as a table.
 */
import { useMemo } from 'react';
import uPlot from 'uplot';
import type { TrainingLoad } from '#shared/schemas/training-load';
import { useUplotChart, type ChartPlan } from '../../../components/uplot-chart.ts';
import { LOAD_COLOURS } from './load-colours.ts';
import './weekly-chart.css';

const HEIGHT = 240;

export default function LoadChart({ days }: { days: TrainingLoad['days'] }) {
  const plan = useMemo((): ChartPlan => {
    const data: ChartPlan['data'] = [
      days.map((_, index) => index),
      days.map((day) => day.load),
      days.map((day) => day.fitness),
      days.map((day) => day.fatigue),
      days.map((day) => day.form),
    ];
    const label = (index: number) => {
      const day = days[index];
      return day ? new Date(`${day.date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }) : '';
    };
    const bars = uPlot.paths.bars!({ size: [0.8, 10] });
    return {
      options: {
        legend: { show: false },
        cursor: { show: false },
        series: [
          {},
          { label: 'Load', stroke: LOAD_COLOURS.load, fill: LOAD_COLOURS.load, paths: bars, points: { show: false } },
          { label: 'Fitness', stroke: LOAD_COLOURS.fitness, width: 2.5, points: { show: false } },
          { label: 'Fatigue', stroke: LOAD_COLOURS.fatigue, width: 2, points: { show: false } },
          { label: 'Form', stroke: LOAD_COLOURS.form, width: 2, dash: [6, 4], points: { show: false } },
        ],
        scales: { x: { time: false, range: () => [-0.5, days.length - 0.5] } },
        axes: [{ space: 60, values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? label(tick) : '')) }, {}],
      },
      data,
    };
  }, [days]);
  const holder = useUplotChart(plan, HEIGHT);
  return <div ref={holder} className="weekly-chart" aria-hidden="true" />;
}
