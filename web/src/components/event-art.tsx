import { useState, type ReactNode } from 'react';
import type { EventType } from '#shared/event-vocabulary';
import './event-art.css';

/** Line drawings per event type, drawn on the placeholder art (24x24, stroked in white). */
const TYPE_ICONS: Readonly<Record<EventType, ReactNode>> = {
  road_race: (
    <>
      <circle cx="15" cy="4.5" r="2" />
      <path d="M10.5 21l2.5-5.5-3-3 2.5-4.5 3 2.5h3.5" />
      <path d="M12.5 8L8.5 9.5l-2 3" />
      <path d="M13 15.5l3 1.5 1 4" />
    </>
  ),
  trail_race: (
    <>
      <path d="M2.5 20l6.5-11 4 6.5 2.5-3.5 6 8z" />
      <path d="M7 12.5l2 1.5 2-1" />
      <circle cx="18" cy="5" r="2" />
    </>
  ),
  triathlon: (
    <>
      <circle cx="12" cy="7" r="3" />
      <path d="M3 15c2.2 0 2.2-1.5 4.5-1.5S9.8 15 12 15s2.2-1.5 4.5-1.5S18.8 15 21 15" />
      <path d="M3 19.5c2.2 0 2.2-1.5 4.5-1.5s2.3 1.5 4.5 1.5 2.2-1.5 4.5-1.5 2.3 1.5 4.5 1.5" />
    </>
  ),
  obstacle_race: (
    <>
      <path d="M4 20V9h16v11" />
      <path d="M4 13h16M4 17h16M9 9v4M15 9v4M12 13v4M7 17v3M17 17v3" />
      <path d="M12 9V4M12 4l4 1.5L12 7" />
    </>
  ),
  cycling: (
    <>
      <circle cx="6" cy="16" r="3.5" />
      <circle cx="18" cy="16" r="3.5" />
      <path d="M6 16l3.5-7h6L18 16M9.5 9l3.5 7H6M13.5 6h3" />
    </>
  ),
  ultra_marathon: (
    <>
      <path d="M2.5 20l7-12 4 6.5 2-3 6 8.5z" />
      <path d="M9.5 8V3l4 1.5-4 1.5" />
    </>
  ),
  fun_run: (
    <>
      <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </>
  ),
  duathlon: (
    <>
      <circle cx="12" cy="13" r="7.5" />
      <path d="M12 9.5V13l2.5 2M10 2.5h4M19 6l1.5-1.5" />
    </>
  ),
  other: (
    <>
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </>
  ),
};

/**
 * Art for an event without a photo (every seeded event): a gradient in the event type's colour, a ridge
 * line and a dotted course drawn across it, and the type's icon. Purely decorative.
 */
export function EventPlaceholder({ eventType, className }: { eventType: EventType; className?: string }) {
  return (
    <div className={['event-art', `event-art--${eventType}`, className ?? ''].filter(Boolean).join(' ')} aria-hidden="true">
      <svg className="event-art__scenery" viewBox="0 0 400 225" preserveAspectRatio="xMidYMax slice" focusable="false">
        <path d="M0 225 L0 170 L60 128 L105 152 L170 92 L230 140 L290 104 L350 136 L400 118 L400 225 Z" fill="#fff" fillOpacity="0.08" />
        <path d="M0 225 L0 196 L80 168 L150 188 L240 156 L320 182 L400 164 L400 225 Z" fill="#fff" fillOpacity="0.08" />
        <path
          d="M-10 200 C 60 200 90 150 160 158 S 250 205 310 180 S 370 120 410 126"
          fill="none"
          stroke="#fff"
          strokeOpacity="0.55"
          strokeWidth="3"
          strokeDasharray="1 10"
          strokeLinecap="round"
        />
      </svg>
      <span className="event-art__badge">
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" focusable="false">
          {TYPE_ICONS[eventType]}
        </svg>
      </span>
    </div>
  );
}

/** The event's photo, or the placeholder art when it has none or the photo fails to load. */
export function EventImage({ imageUrl, eventType, className }: { imageUrl?: string; eventType: EventType; className?: string }) {
  const [failedUrl, setFailedUrl] = useState<string>();
  if (!imageUrl || failedUrl === imageUrl) return <EventPlaceholder eventType={eventType} className={className} />;
  return (
    <img
      className={['event-photo', className ?? ''].filter(Boolean).join(' ')}
      src={imageUrl}
      alt=""
      loading="lazy"
      decoding="async"
      width={400}
      height={225}
      onError={() => setFailedUrl(imageUrl)}
    />
  );
}
