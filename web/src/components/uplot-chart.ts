/**
 * A uPlot chart drawn into a holder element, as wide as the holder at every size, and destroyed with the component.
 * The charts that use it (the course profile, the weekly training bars, an event's daily analytics) are each loaded
 * lazily, so uPlot comes with the first of them and no page pays for it before.
 */
import { useEffect, useRef, type RefObject } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** What a chart draws, without its size; undefined when there is nothing to draw. Make it with useMemo. */
export interface ChartPlan {
  readonly options: Omit<uPlot.Options, 'width' | 'height'>;
  readonly data: uPlot.AlignedData;
}

/** The ref to put on the holder element; the chart is drawn again when `plan` or `height` changes. */
export function useUplotChart(plan: ChartPlan | undefined, height: number): RefObject<HTMLDivElement | null> {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element || !plan) return;
    const chart = new uPlot({ ...plan.options, width: element.clientWidth, height }, plan.data, element);
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [plan, height]);
  return holder;
}
