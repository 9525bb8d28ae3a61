import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import type { UploadPurpose } from '../../../shared/api/uploads';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { compressPhoto, uploadFile } from './upload-client';
import './photo-upload.css';

/**
 * A photo picker that uploads at once (docs/domain.md "Uploads"): the preview of the picked
 * photo, the photo shrunk on the device (upload-client.ts), a progress bar fed by the upload's own
 * progress events, and the server's refusal translated under it. `onChange` gets the upload id
 * once stored, null while there is none.
 */
export function PhotoUpload({
  label,
  purpose,
  onChange,
  error,
  testId,
}: {
  label: ReactNode;
  purpose: UploadPurpose;
  onChange: (uploadId: string | null) => void;
  error?: string | null;
  testId?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    onChange(null);
    setDone(false);
    setFailure(null);
    setProgress(0);
    const photo = await compressPhoto(file);
    setPreview(photo.type.startsWith('image/') ? URL.createObjectURL(photo) : null);
    try {
      const stored = await uploadFile(photo, purpose, setProgress, controller.signal);
      setDone(true);
      onChange(stored.id);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setFailure(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`アップロードに失敗しました`);
      setProgress(null);
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const uploading = progress !== null && !done && !failure;
  const shown = failure ?? error ?? null;
  return (
    <div className={shown ? 'photo-upload field--error' : 'photo-upload'} data-testid={testId}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <label className="photo-upload__pick" htmlFor={id}>
        {preview ? <img className="photo-upload__preview" src={preview} alt={t`選択した画像`} /> : null}
        {!preview ? (
          <span className="photo-upload__empty">
            <Icon d={icons.idcard} size={36} />
            <span>
              <Trans>タップして撮影または画像を選択</Trans>
            </span>
          </span>
        ) : null}
        {done ? (
          <span className="photo-upload__done" role="status">
            <Trans>アップロード済み</Trans>
          </span>
        ) : null}
      </label>
      <input
        ref={input}
        id={id}
        className="photo-upload__input"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf"
        aria-labelledby={`${id}-label`}
        onChange={(e) => void pick(e.currentTarget.files?.[0])}
      />
      {uploading ? (
        <div className="photo-upload__progress">
          <progress max={1} value={progress ?? 0} aria-label={t`アップロードの進み具合`} />
          <span className="photo-upload__percent">{Math.round((progress ?? 0) * 100)}%</span>
        </div>
      ) : null}
      {shown ? (
        <p className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}
