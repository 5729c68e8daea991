import { LISTING_PHOTOS_MAX } from '@gardenswap/shared/listing-photos';
import { ArrowLeft, ArrowRight, ImagePlus, RotateCcw, Star, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { ProgressBar } from '../../../components/feedback';
import { type PhotoItem, moveItem } from './photo-items';
import { preparePhotos } from './prepare-photos';

interface PhotoListEditorProps {
  items: PhotoItem[];
  onChange: (items: PhotoItem[]) => void;
  disabled?: boolean;
  /** Sends the photos whose upload failed again. */
  onRetry?: () => void;
}

/**
 * The photos of a listing on the post and edit forms: several chosen in one go (each compressed in
 * the browser, spec §5), ordered by dragging or with the buttons (keyboard too), the first one the
 * cover, each with its own upload progress and error.
 */
export function PhotoListEditor({ items, onChange, disabled, onRetry }: PhotoListEditorProps) {
  const id = useId();
  const [message, setMessage] = useState<string>();
  const [preparing, setPreparing] = useState(false);
  const [dragged, setDragged] = useState<number>();
  const room = LISTING_PHOTOS_MAX - items.length;

  const choose = async (files: File[]) => {
    setMessage(undefined);
    if (!files.length) return;
    setPreparing(true);
    const { added, message } = await preparePhotos(files, room);
    setPreparing(false);
    onChange([...items, ...added]);
    setMessage(message);
  };

  const move = (from: number, to: number) => onChange(moveItem(items, from, to));
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index));
  const failed = items.some((item) => item.error);

  return (
    <div className="photo-list-editor">
      <span className="field-label" id={`${id}-label`}>
        Photos
      </span>
      <p className="field-hint" id={`${id}-hint`}>
        Up to {LISTING_PHOTOS_MAX}. The first one is the cover shown on the card; drag the photos or use the buttons to
        change their order.
      </p>
      {items.length > 0 && (
        <ol className="photo-list" aria-label="Chosen photos, the cover first">
          {items.map((item, index) => {
            const name = `photo ${index + 1}`;
            return (
              <li
                key={item.key}
                className={`photo-item${dragged === index ? ' photo-item-dragged' : ''}`}
                draggable={!disabled}
                onDragStart={(event) => {
                  setDragged(index);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(event) => {
                  if (dragged === undefined) return;
                  event.preventDefault();
                  if (dragged !== index) {
                    move(dragged, index);
                    setDragged(index);
                  }
                }}
                onDrop={(event) => event.preventDefault()}
                onDragEnd={() => setDragged(undefined)}
              >
                <div className="photo-item-image">
                  <img src={item.url} alt={`Photo ${index + 1} of ${items.length}${index === 0 ? ', cover' : ''}`} />
                  {index === 0 && (
                    <span className="badge photo-cover-badge">
                      <Star aria-hidden size={14} /> Cover
                    </span>
                  )}
                </div>
                {item.progress !== undefined && item.photoId === undefined && !item.error && (
                  <ProgressBar value={item.progress} label={`Uploading ${name}`} />
                )}
                {item.error && (
                  <p className="field-error" role="alert">
                    {item.error}
                  </p>
                )}
                <div className="photo-item-actions">
                  {index > 0 && (
                    <button
                      type="button"
                      className="button button-small"
                      disabled={disabled}
                      onClick={() => move(index, 0)}
                      aria-label={`Make ${name} the cover`}
                    >
                      <Star aria-hidden size={16} /> Cover
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={disabled || index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Move ${name} earlier`}
                  >
                    <ArrowLeft aria-hidden size={16} />
                  </button>
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={disabled || index === items.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move ${name} later`}
                  >
                    <ArrowRight aria-hidden size={16} />
                  </button>
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    disabled={disabled}
                    onClick={() => remove(index)}
                    aria-label={`Remove ${name}`}
                  >
                    <Trash2 aria-hidden size={16} />
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="row">
        <label className={`button${room <= 0 || disabled ? ' button-disabled' : ''}`} htmlFor={id}>
          <ImagePlus aria-hidden size={18} /> {items.length ? 'Add more photos' : 'Add photos'}
        </label>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          multiple
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          disabled={disabled || preparing || room <= 0}
          onChange={(e) => {
            void choose([...(e.currentTarget.files ?? [])]);
            e.currentTarget.value = '';
          }}
        />
        {failed && onRetry && (
          <button type="button" className="button" disabled={disabled} onClick={onRetry}>
            <RotateCcw aria-hidden size={18} /> Retry failed uploads
          </button>
        )}
      </div>
      {preparing && <p className="field-hint">Preparing photos...</p>}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
