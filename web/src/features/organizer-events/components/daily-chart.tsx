/**
 * The analytics chart: views, saves and registration clicks per day as lines (uPlot, about 20 KB gzip, loaded
 * with this module only when the Analytics tab opens). The canvas is for the eye; the panel's table carries the
 * same figures for screen readers and keyboard users.
 */
import { useMemo } from 'react';
import { useUplotChart, type ChartPlan } from '../../../components/uplot-chart.ts';
import './daily-chart.css';
import type { EventAnalytics } from '#shared/schemas/analytics';

const SERIES = [
  { key: 'views', label: 'Views', stroke: '#c2410c' },
  { key: 'saves', label: 'Saves', stroke: '#1d4ed8' },
  { key: 'registerClicks', label: 'Registration clicks', stroke: '#15803d' },
] as const;

const HEIGHT = 260;

export default function DailyChart({ days }: { days: EventAnalytics['days'] }) {
  const plan = useMemo((): ChartPlan => {
    const data: ChartPlan['data'] = [
      days.map((day) => Date.parse(`${day.day}T12:00:00Z`) / 1000),
      ...SERIES.map((series) => days.map((day) => day[series.key])),
    ];
    return {
      options: {
        series: [{}, ...SERIES.map((series) => ({ label: series.label, stroke: series.stroke, width: 2, points: { show: days.length <= 31 } }))],
        scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [{}, { values: (_chart, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
      },
      data,
    };
  }, [days]);
  const holder = useUplotChart(plan, HEIGHT);
  return <div ref={holder} className="daily-chart" aria-hidden="true" />;
}
