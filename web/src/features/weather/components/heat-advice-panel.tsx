import type { z } from 'zod';
import type { HeatAdviceSchema } from '#shared/schemas/race-forecast';
import { localHourLabel } from '#shared/weather/heat-advice';

type HeatAdvice = z.infer<typeof HeatAdviceSchema>;

function paceLine(pace: HeatAdvice['paceSlowdownPercent']): string {
  if (pace.max === 0) return 'Goal pace: no change for heat';
  if (pace.max === undefined) return `Goal pace: more than ${pace.min}% slower`;
  return `Goal pace: ${pace.min}–${pace.max}% slower`;
}

/** The race hours' heat and what to do about it, toned by level (the words carry the level too, not only colour). */
export function HeatAdvicePanel({ heat, headingId }: { heat: HeatAdvice; headingId: string }) {
  const feels = heat.basis === 'humidity' ? `Feels like ${heat.heatIndexF}°F (${heat.heatIndexC}°C)` : `${heat.heatIndexF}°F (${heat.heatIndexC}°C)`;
  const when = heat.basis === 'humidity' ? ` at ${localHourLabel(heat.at)}` : ' (the day’s high)';
  return (
    <section className={`heat-advice heat-advice--${heat.level}`} aria-labelledby={headingId}>
      <div className="heat-advice__head">
        <h4 className="heat-advice__label" id={headingId}>
          {heat.label}
        </h4>
        <p className="heat-advice__figure">
          {feels}
          {when}
          {heat.relativeHumidity !== null ? `, ${heat.temperatureF}°F air and ${heat.relativeHumidity}% humidity` : ''}
        </p>
        <p className="heat-advice__pace">{paceLine(heat.paceSlowdownPercent)}</p>
      </div>
      <ul className="heat-advice__tips">
        {heat.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}
