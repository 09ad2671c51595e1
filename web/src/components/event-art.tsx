import { useState } from 'react';
import type { EventType } from '#shared/event-vocabulary';
import './event-art.css';

/**
 * Art for an event without a photo (every seeded event): a gradient in the event type's colour, a ridge
 * line and a dotted course drawn across it, and the type's icon. Purely decorative, and all of it drawn by
 * event-art.css (the type's icon is a mask in --art-icon): a card's art is three elements, and the first load's
 * script carries no drawing.
 */
export function EventPlaceholder({ eventType, className }: { eventType: EventType; className?: string }) {
  return (
    <div className={['event-art', `event-art--${eventType}`, className ?? ''].filter(Boolean).join(' ')} aria-hidden="true">
      <span className="event-art__scenery" />
      <span className="event-art__badge" />
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
