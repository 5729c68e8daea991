import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { compressImage } from '../lib/compress-image';

interface PhotoPickerProps {
  label: string;
  /** The photo chosen now (already compressed), if any. */
  file: File | null;
  onChange: (file: File | null) => void;
  /** The photo already stored, shown until another is chosen. */
  currentUrl?: string;
  /** Offer removing the current photo (edit screens). */
  onRemoveCurrent?: () => void;
}

/**
 * Choose a photo: it is compressed in the browser (spec §5) and previewed. When compression
 * fails the original is kept and the reason shown; a picture that stays over 3 MB is refused.
 */
export function PhotoPicker({ label, file, onChange, currentUrl, onRemoveCurrent }: PhotoPickerProps) {
  const id = useId();
  const [preview, setPreview] = useState<string>();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (chosen: File | undefined) => {
    setMessage(undefined);
    if (!chosen) return;
    setBusy(true);
    try {
      const result = await compressImage(chosen);
      onChange(result.file);
      if (result.warning) setMessage(result.warning);
    } catch (error) {
      setMessage((error as Error).message || 'Image processing failed.');
    } finally {
      setBusy(false);
    }
  };

  const shown = preview ?? currentUrl;
  return (
    <div className="photo-picker">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      {shown ? (
        <img className="photo-preview" src={shown} alt="Selected photo preview" />
      ) : (
        <div className="photo-placeholder" aria-hidden>
          <ImagePlus size={40} />
        </div>
      )}
      <div className="row">
        <label className="button" htmlFor={id}>
          <ImagePlus aria-hidden size={18} /> {shown ? 'Change photo' : 'Choose photo'}
        </label>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept="image/*"
          aria-labelledby={`${id}-label`}
          disabled={busy}
          onChange={(e) => {
            void choose(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
        {file && (
          <button type="button" className="button button-ghost" onClick={() => onChange(null)}>
            <Trash2 aria-hidden size={18} /> Remove
          </button>
        )}
        {!file && currentUrl && onRemoveCurrent && (
          <button type="button" className="button button-ghost" onClick={onRemoveCurrent}>
            <Trash2 aria-hidden size={18} /> Remove photo
          </button>
        )}
      </div>
      {busy && <p className="field-hint">Preparing photo...</p>}
      {message && (
        <p className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
