import { useId } from 'react';
import './pacing.css';

/** A labelled group of radio buttons shown as chips: arrow keys move the choice, as with any radio group. */
export function ChoiceChips<V extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
}) {
  const name = useId();
  return (
    <fieldset className="choice-chips">
      <legend className="choice-chips__legend">{legend}</legend>
      <div className="choice-chips__options">
        {options.map((option) => (
          <label key={option.value} className="choice-chips__option">
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
