import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/button.tsx';
import { CalendarIcon, PinIcon, SearchIcon } from '../../../components/icons.tsx';
import { eventsSearchUrl } from './search-url.ts';

/** The home hero's search: it sends only what the visitor filled in (no date they did not pick). */
export function HeroSearch() {
  const navigate = useNavigate();
  const id = useId();
  const [location, setLocation] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate(eventsSearchUrl({ location, startDate, endDate }));
  }

  return (
    <form className="hero-search" role="search" aria-label="Find races" onSubmit={submit}>
      <div className="hero-search__field hero-search__field--location">
        <label htmlFor={`${id}-location`}>Location</label>
        <div className="hero-search__control">
          <PinIcon size={18} />
          <input
            id={`${id}-location`}
            type="text"
            placeholder="City, state or race name"
            autoComplete="address-level2"
            value={location}
            onChange={(event) => setLocation(event.target.value)}
          />
        </div>
      </div>
      <div className="hero-search__field">
        <label htmlFor={`${id}-start`}>Start date</label>
        <div className="hero-search__control">
          <CalendarIcon size={18} />
          <input id={`${id}-start`} type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />
        </div>
      </div>
      <div className="hero-search__field">
        <label htmlFor={`${id}-end`}>End date</label>
        <div className="hero-search__control">
          <CalendarIcon size={18} />
          <input id={`${id}-end`} type="date" value={endDate} min={startDate || undefined} onChange={(event) => setEndDate(event.target.value)} />
        </div>
      </div>
      <Button type="submit" variant="primary" size="lg" className="hero-search__submit">
        <SearchIcon size={18} />
        Search races
      </Button>
    </form>
  );
}
