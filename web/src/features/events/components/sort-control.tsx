import { useId } from 'react';
import type { ResultOrder } from '../api/event-filters.ts';

const LABELS: Readonly<Record<ResultOrder, string>> = { date: 'Date', price: 'Price: lowest first', distance: 'Distance: nearest first' };

/**
 * The order of the results: a native select (keyboard and screen readers know it; nothing to load). Distance is
 * offered only with a place to measure from (the Near me filter).
 */
export function SortControl({ value, withDistance, onChange }: { value: ResultOrder; withDistance: boolean; onChange(order: ResultOrder): void }) {
  const id = useId();
  const orders: ResultOrder[] = withDistance ? ['date', 'price', 'distance'] : ['date', 'price'];
  return (
    <div className="sort-control">
      <label htmlFor={id} className="sort-control__label">
        Sort by
      </label>
      <select id={id} className="field__input sort-control__select" value={value} onChange={(event) => onChange(event.target.value as ResultOrder)}>
        {orders.map((order) => (
          <option key={order} value={order}>
            {LABELS[order]}
          </option>
        ))}
      </select>
    </div>
  );
}
