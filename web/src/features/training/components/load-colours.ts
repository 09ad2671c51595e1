/** The training load chart's colours (load-chart.tsx), which the panel's figures name too (load-panel.tsx). */
export const LOAD_COLOURS = { fitness: '#1d4ed8', fatigue: '#c2410c', form: '#15803d', load: 'rgba(100, 116, 139, 0.35)' } as const;
