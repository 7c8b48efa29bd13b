import type { Insights } from '@shared/insights.ts';

const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** The drawing's own units, stretched to the card (text is HTML around it, so nothing is distorted). */
const WIDTH = 600;
const HEIGHT = 160;

/**
 * Guest page opens per day (docs/product/insights.md): an SVG bar chart named by a one-sentence
 * summary for screen readers, with every number in a table under "Show as a table". Days are UTC,
 * as the counts are.
 */
export function ViewsChart({ days, total }: Pick<Insights, 'days' | 'total'>) {
  const peak = days.reduce((best, day) => (day.views > best.views ? day : best), days[0] ?? { date: '', views: 0 });
  const max = Math.max(1, peak.views);
  const step = WIDTH / Math.max(1, days.length);
  const bar = Math.max(1, step * 0.7);
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const summary =
    first && last
      ? `${total === 1 ? '1 open' : `${total.toLocaleString('en-GB')} opens`} from ${shortDay.format(dayOf(first))} to ${shortDay.format(dayOf(last))}${peak.views > 0 ? `; most on ${dayName.format(dayOf(peak.date))} (${peak.views})` : ''}.`
      : 'No days to show.';
  const middle = days[Math.floor((days.length - 1) / 2)];

  return (
    <figure>
      {/* The dashed line's value: the busiest day's count (the summary says it to screen readers). */}
      <p className="text-xs tabular-nums text-muted" aria-hidden="true">
        {max}
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={summary} className="mt-1 block h-36 w-full sm:h-44">
        <line x1={0} x2={WIDTH} y1={1} y2={1} className="stroke-line" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-line" vectorEffect="non-scaling-stroke" />
        {days.map((day, index) => {
          const height = (day.views / max) * (HEIGHT - 2);
          return <rect key={day.date} x={index * step + (step - bar) / 2} y={HEIGHT - height} width={bar} height={height} className="fill-brand-600 dark:fill-brand-400" />;
        })}
      </svg>
      {first && last ? (
        <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{shortDay.format(dayOf(first))}</span>
          {middle && days.length > 2 ? <span>{shortDay.format(dayOf(middle.date))}</span> : null}
          <span>{shortDay.format(dayOf(last))}</span>
        </div>
      ) : null}
      <figcaption className="sr-only">{summary}</figcaption>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300">Show as a table</summary>
        <table className="mt-2 w-full max-w-sm text-left">
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-semibold">
                Day (UTC)
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                Opens
              </th>
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((day) => (
              <tr key={day.date} className="border-t border-line">
                <th scope="row" className="py-1 pr-3 font-medium text-ink">
                  {dayName.format(dayOf(day.date))}
                </th>
                <td className="py-1 text-right tabular-nums">{day.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
