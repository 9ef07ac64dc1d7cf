import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@att/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileProblemText } from '../../lib/file-problem';
import { checkImageFile, type ImageError } from './image-check';

export interface ImagePickerProps {
  label: string;
  guide: string;
  shape: 'round' | 'wide';
  file: File | null;
  onChange: (file: File | null) => void;
  /** The current image URL, shown until a new file is chosen. */
  currentUrl?: string | null;
  /** Upload progress 0-100 while saving. */
  progress?: number | null;
  testId: string;
  /** The largest file taken (the enforced limit of where it is uploaded); 2 MB unless given. */
  maxBytes?: number;
}

/** An image chooser with preview and content checks (gif/jpg/png, at most `maxBytes`). */
export function ImagePicker({
  label,
  guide,
  shape,
  file,
  onChange,
  currentUrl,
  progress,
  testId,
  maxBytes = IMAGE_MAX_BYTES,
}: ImagePickerProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [error, setError] = useState<ImageError | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function pick(f: File | undefined) {
    if (!f) return;
    const problem = await checkImageFile(f, maxBytes);
    setError(problem);
    onChange(problem ? null : f);
  }

  const shown = preview ?? currentUrl ?? null;

  return (
    <div className={`image-picker image-picker-${shape}`}>
      <span className="image-picker-label" id={`${id}-label`}>
        {label}
      </span>
      <label htmlFor={id} className="image-picker-frame" aria-describedby={`${id}-guide`}>
        {shown ? <img src={shown} alt="" /> : <span className="image-picker-empty">{t('general.noPreview')}</span>}
        <span className="image-picker-overlay">{t('general.choose')}</span>
      </label>
      <input
        id={id}
        type="file"
        className="sr-only-input"
        accept={IMAGE_MIME_TYPES.join(',')}
        aria-labelledby={`${id}-label`}
        data-testid={testId}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p className="hint" id={`${id}-guide`}>
        {guide}
      </p>
      {progress !== null && progress !== undefined && (
        <div className="progress" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${progress}%` }} />
          <em>{t('general.uploadProgress', { percent: progress })}</em>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" data-testid={`${testId}-error`}>
          {fileProblemText(error, maxBytes, {
            format: () => t('general.unsupportedFormat'),
            size: (max) => t('general.tooLarge', { max }),
          })}
        </p>
      )}
    </div>
  );
}
