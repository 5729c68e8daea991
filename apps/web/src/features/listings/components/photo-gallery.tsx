import { ChevronLeft, ChevronRight, Sprout } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';

interface PhotoGalleryProps {
  /** The photos' URLs in the listing's order, the cover first. */
  urls: string[];
  title: string;
}

/**
 * A listing's photos on its detail page: swiped on phones (CSS scroll snap), with arrows and the
 * ←/→ keys on desktop, and where the viewer is ("2 of 5").
 */
export function PhotoGallery({ urls, title }: PhotoGalleryProps) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  /** The photo an arrow or key is sliding to: the scroll events on the way there are not a swipe. */
  const sliding = useRef<number | null>(null);
  const count = urls.length;

  if (count === 0) {
    return (
      <div className="listing-detail-image">
        <Sprout aria-hidden size={64} />
      </div>
    );
  }
  if (count === 1) {
    return (
      <div className="listing-detail-image">
        <img src={urls[0]} alt={title} />
      </div>
    );
  }

  const show = (next: number) => {
    const target = Math.max(0, Math.min(count - 1, next));
    setIndex(target);
    const el = track.current;
    // jsdom has no layout or scrolling; a browser slides to the photo.
    if (el?.scrollTo && el.clientWidth) {
      sliding.current = target;
      el.scrollTo({ left: target * el.clientWidth, behavior: 'smooth' });
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(index + 1);
    else if (event.key === 'ArrowLeft') show(index - 1);
    else return;
    event.preventDefault();
  };
  // A swipe moves the track itself: the photo most in view is the current one.
  const onScroll = () => {
    const el = track.current;
    if (!el || !el.clientWidth) return;
    const seen = Math.round(el.scrollLeft / el.clientWidth);
    if (sliding.current !== null) {
      // Passing the photos in between must not move "2 of 5" back; arriving ends the slide.
      if (Math.abs(el.scrollLeft - sliding.current * el.clientWidth) < 2) sliding.current = null;
      return;
    }
    if (seen !== index && seen >= 0 && seen < count) setIndex(seen);
  };

  return (
    <section className="photo-gallery" aria-roledescription="carousel" aria-label={`Photos of ${title}`}>
      <div
        ref={track}
        className="photo-gallery-track"
        tabIndex={0}
        onKeyDown={onKeyDown}
        onScroll={onScroll}
        aria-label={`Photos of ${title}: use the left and right arrow keys to move between them`}
      >
        {urls.map((url, i) => (
          <figure
            key={url}
            className="photo-gallery-slide"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
          >
            <img src={url} alt={`${title}, photo ${i + 1} of ${count}`} loading={i === 0 ? 'eager' : 'lazy'} />
          </figure>
        ))}
      </div>
      <button
        type="button"
        className="photo-gallery-arrow photo-gallery-prev"
        onClick={() => show(index - 1)}
        disabled={index === 0}
        aria-label="Previous photo"
      >
        <ChevronLeft aria-hidden size={24} />
      </button>
      <button
        type="button"
        className="photo-gallery-arrow photo-gallery-next"
        onClick={() => show(index + 1)}
        disabled={index === count - 1}
        aria-label="Next photo"
      >
        <ChevronRight aria-hidden size={24} />
      </button>
      <p className="photo-gallery-position" aria-live="polite">
        {index + 1} of {count}
      </p>
    </section>
  );
}
