/**
 * The event's uploaded pictures (issue 24): the cover behind the page's title, and every picture in a gallery with
 * its alt text. Each <img> names its renditions in srcset (400 to 1600 wide, WebP) so the browser fetches the size
 * the layout needs, and carries its width and height so nothing moves when it arrives.
 */
import { imageSrcSet, imageUrlFor, type EventImage } from '#shared/schemas/event-image';
import './event-gallery.css';

/** The cover across the hero: decorative there (the gallery below describes it), the full page width. */
export function EventCover({ eventId, image, className }: { eventId: string; image: EventImage; className?: string }) {
  return (
    <img
      className={['event-photo', className ?? ''].filter(Boolean).join(' ')}
      src={imageUrlFor(eventId, image, 1200)}
      srcSet={imageSrcSet(eventId, image)}
      sizes="100vw"
      width={image.width}
      height={image.height}
      alt=""
      fetchPriority="high"
    />
  );
}

/** The width each picture takes (event-gallery.css): one picture spans the column, several share it. */
const ONE_PICTURE_SIZES = '(min-width: 1100px) 700px, 100vw';
const SEVERAL_PICTURES_SIZES = '(min-width: 1100px) 340px, 50vw';

export function EventGallery({ eventId, images, titleId }: { eventId: string; images: readonly EventImage[]; titleId: string }) {
  const sizes = images.length === 1 ? ONE_PICTURE_SIZES : SEVERAL_PICTURES_SIZES;
  return (
    <ul className={`event-gallery event-gallery--${Math.min(images.length, 3)}`} aria-labelledby={titleId}>
      {images.map((image) => (
        <li key={image.id} className="event-gallery__item">
          <a href={imageUrlFor(eventId, image, 1600)} target="_blank" rel="noopener noreferrer" className="event-gallery__link">
            <img
              className="event-gallery__image"
              src={imageUrlFor(eventId, image, 800)}
              srcSet={imageSrcSet(eventId, image)}
              sizes={sizes}
              width={image.width}
              height={image.height}
              alt={image.alt}
              loading="lazy"
              decoding="async"
            />
            <span className="visually-hidden"> (full size, opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
