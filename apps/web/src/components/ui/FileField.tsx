import { type ReactNode, useEffect, useId, useState } from 'react';

export interface FileFieldProps {
  label: string;
  guide: string;
  required?: boolean;
  accept: string;
  /** The chosen file (already checked by the caller's `check`). */
  file: File | null;
  onChange: (file: File | null) => void;
  /** Checks a picked file; returns the message to show, or null to accept it. */
  check: (file: File) => Promise<string | null>;
  /** The stored file's URL, shown until a new one is chosen. */
  currentUrl?: string | null;
  /** A message from the form's validation (e.g. required). */
  error?: string | null;
  /** Upload progress 0-100 while saving; null when not uploading. */
  progress?: number | null;
  progressLabel?: (percent: number) => string;
  chooseLabel: string;
  emptyLabel: string;
  shape?: 'square' | 'wide' | 'media';
  testId: string;
  /** Renders the preview of a chosen file or the stored one (default: an <img>). */
  renderPreview?: (url: string, file: File | null) => ReactNode;
}

/** A labelled file chooser with preview, content check, error text and an upload progress bar. */
export function FileField(p: FileFieldProps) {
  const id = useId();
  const [checkError, setCheckError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!p.file || typeof URL.createObjectURL !== 'function') {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(p.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [p.file]);

  async function pick(f: File | undefined) {
    if (!f) return;
    const problem = await p.check(f);
    setCheckError(problem);
    if (!problem) p.onChange(f);
  }

  const shown = preview ?? p.currentUrl ?? null;
  const error = checkError ?? p.error ?? null;
  const describedBy = [`${id}-guide`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className={`file-field file-field-${p.shape ?? 'square'}`}>
      <span className="file-field-label" id={`${id}-label`}>
        {p.label}{' '}
        {p.required && (
          <span className="req" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <label htmlFor={id} className={`file-field-frame ${error ? 'invalid' : ''}`}>
        {shown ? (
          p.renderPreview ? (
            p.renderPreview(shown, p.file)
          ) : (
            <img src={shown} alt="" />
          )
        ) : (
          <span className="file-field-empty">{p.emptyLabel}</span>
        )}
        <span className="file-field-overlay">{p.chooseLabel}</span>
      </label>
      <input
        id={id}
        type="file"
        className="sr-only-input"
        accept={p.accept}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={Boolean(error)}
        aria-required={p.required}
        data-testid={p.testId}
        onChange={(e) => {
          void pick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <p className="hint" id={`${id}-guide`}>
        {p.guide}
      </p>
      {p.progress !== null && p.progress !== undefined && (
        <div
          className="progress"
          role="progressbar"
          aria-valuenow={p.progress}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-labelledby={`${id}-label`}
          data-testid={`${p.testId}-progress`}
        >
          <span style={{ width: `${p.progress}%` }} />
          <em>{p.progressLabel ? p.progressLabel(p.progress) : `${p.progress}%`}</em>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert" id={`${id}-error`} data-testid={`${p.testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
