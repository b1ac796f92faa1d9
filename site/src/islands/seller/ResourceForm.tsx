import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { AGE_GROUPS, DANCE_STYLES, PREVIEW_IMAGES_MAX, RESOURCE_FILE_MAX_MB, RESOURCE_LEVELS } from '../../../../worker/src/domain/store.ts';
import { createResourceSchema, RESOURCE_DESCRIPTION_MIN, RESOURCE_TITLE_MAX } from '../../../../worker/src/schemas/store.ts';
import FileUploader from '../../components/FileUploader.tsx';
import FormField from '../../components/FormField.tsx';
import ImageDisplay from '../../components/ImageDisplay.tsx';
import { MAX_RESOURCE_FILES, SELLER_RESOURCE_STATUS_HINT } from '../../lib/seller-format.ts';
import { categoryIdOf, formValuesOf, pricePreview, resourceBody, type ResourceFormOutput, type ResourceFormValues } from '../../lib/seller-resource-form.ts';
import { fileDetails } from '../../lib/store-format.ts';
import { DEFAULT_RESOURCE_IMAGE } from '../../lib/store-images.ts';
import { COURSE_IMAGE_MAX_SIZE_MB, urlOf } from '../../lib/upload.ts';
import { $resourceCategories, loadResourceCategories } from '../../stores/resource-categories.ts';
import { moveResource, readResource, removeResourceFile, saveResource, uploadResourceFile, type ResourceDetail, type ResourceFileView } from '../../stores/seller-resources.ts';
import { useStore } from '@nanostores/react';
import { applyServerErrors } from '../course-admin/form-utils.ts';
import { ConfirmDialog } from '../admin/AdminStates.tsx';
import Markdown from './Markdown.tsx';
import { StatusBadge } from './parts.tsx';

/** The accepted file types, as a hint to the file picker (the server checks the bytes). */
export const RESOURCE_FILE_ACCEPT = 'image/*,audio/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip,.rar';
const IMAGE_FIELDS = { resource_type: 'image', folder: 'resources' };
const FIELDS = ['title', 'description', 'dance_style', 'age_group', 'level', 'category_id', 'price', 'price_cents', 'cover_image_url', 'preview_image_urls'] as const;

export const SAVE_BEFORE_FILES = 'Fill in the details above before adding files: the draft is saved first.';

interface ResourceFormProps {
  /** The resource being edited; none for a new one. */
  resource?: ResourceDetail;
  /** The seller's own form: Submit for review is offered (not to an admin editing someone's resource). */
  asSeller: boolean;
  /** Where Cancel and a submission lead. */
  backHref: string;
}

/**
 * The resource form of /seller/resources/add (and /create) and /curriculum/{id}/edit:
 * the details with the shared schema's messages, a description with its preview, the cover and
 * preview pictures, and one to five files, each sent by itself with its progress bar. A new
 * resource is saved as a draft before its first file goes up.
 */
export default function ResourceForm({ resource, asSeller, backHref }: ResourceFormProps) {
  const [current, setCurrent] = useState<ResourceDetail | undefined>(resource);
  const [files, setFiles] = useState<ResourceFileView[]>(resource?.files ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ResourceFileView | null>(null);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const idRef = useRef<number | null>(resource?.id ?? null);
  const categories = useStore($resourceCategories);
  useEffect(() => {
    void loadResourceCategories();
  }, []);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    reset,
    formState: { errors },
  } = useForm<ResourceFormValues, unknown, ResourceFormOutput>({
    resolver: zodResolver(createResourceSchema) as unknown as Resolver<ResourceFormValues, unknown, ResourceFormOutput>,
    defaultValues: formValuesOf(resource),
  });
  const description = watch('description');
  const price = watch('price');
  const cover = watch('cover_image_url');
  const previews = watch('preview_image_urls');

  /** Saves the form (a new draft, or the changes); the saved resource, or null with the problem shown. */
  async function save(values: ResourceFormOutput): Promise<ResourceDetail | null> {
    setProblem(null);
    const result = await saveResource(idRef.current, resourceBody(values));
    if (!result.ok) {
      applyServerErrors(setError, result.validationErrors, FIELDS);
      const priceError = result.validationErrors?.price_cents?.[0];
      if (priceError) setError('price', { type: 'server', message: priceError });
      setProblem(result.message);
      return null;
    }
    const saved = result.data;
    if (!saved) return null;
    if (idRef.current === null) {
      idRef.current = saved.id;
      history.replaceState(history.state, '', `/curriculum/${saved.id}/edit`);
    }
    setCurrent(saved);
    if (Array.isArray(saved.files)) setFiles(saved.files);
    reset(formValuesOf(saved));
    return saved;
  }

  /** The resource's id, saving the draft first when it is new (files need a resource). */
  async function ensureSaved(): Promise<number> {
    if (idRef.current !== null) return idRef.current;
    let saved: ResourceDetail | null = null;
    await handleSubmit(async (values) => {
      saved = await save(values);
    })();
    if (!saved) throw new Error(SAVE_BEFORE_FILES);
    return (saved as ResourceDetail).id;
  }

  async function refresh(id: number) {
    try {
      const fresh = await readResource(id);
      setCurrent(fresh);
      setFiles(fresh.files);
    } catch {
      // What is on screen stays; the list page shows the truth.
    }
  }

  const saveDraft = handleSubmit(async (values) => {
    setBusy('save');
    try {
      await save(values);
    } finally {
      setBusy(null);
    }
  });

  const submitForReview = handleSubmit(async (values) => {
    setBusy('submit');
    try {
      const saved = await save(values);
      if (!saved) return;
      if (files.length === 0) {
        setProblem('Add at least one file before submitting it for review.');
        return;
      }
      const moved = await moveResource(saved, 'submit');
      if (moved.ok) location.assign(`${backHref}?status=submitted`);
      else setProblem(moved.message);
    } finally {
      setBusy(null);
    }
  });

  const status = current?.status;
  const submittable = asSeller && (status === undefined || status === 'draft' || status === 'rejected');
  const room = MAX_RESOURCE_FILES - files.length;
  const categoryList = categories.status === 'ready' || categories.status === 'loading' ? (categories.data ?? []) : [];
  const shownPrice = pricePreview(price ?? '');
  // The category's option arrives with the list: show the resource's category once it is there.
  useEffect(() => {
    if (categoryList.length > 0) setValue('category_id', getValues('category_id'));
  }, [categoryList.length, getValues, setValue]);

  return (
    <form className="sl-form" noValidate onSubmit={(e) => void saveDraft(e)} aria-label={current ? `Edit ${current.title}` : 'New resource'}>
      {current && (
        <section className="ca-panel sl-connect" aria-label="Status">
          <p>
            Status: <StatusBadge status={current.status} /> {SELLER_RESOURCE_STATUS_HINT[current.status]}
          </p>
          {current.status === 'rejected' && current.rejection_reason && (
            <p className="alert alert-error" role="status">
              Reason given by the reviewer: {current.rejection_reason}
            </p>
          )}
          {current.status === 'published' && <p className="muted text-sm">Changing the text, price or pictures keeps it on sale; changing its files sends it back for review.</p>}
        </section>
      )}

      <section className="ca-panel ca-form" aria-labelledby="sl-details">
        <h2 id="sl-details" className="sl-section-title">
          Details
        </h2>
        <FormField label="Title" required error={errors.title?.message} hint={`At most ${RESOURCE_TITLE_MAX} characters.`}>
          <input type="text" {...register('title')} />
        </FormField>
        <Markdown
          label="Description"
          hint={`Markdown: # headings, **bold**, lists, links. At least ${RESOURCE_DESCRIPTION_MIN} characters.`}
          error={errors.description?.message}
          value={description ?? ''}
          field={register('description')}
        />
        <div className="sl-form-grid">
          <FormField label="Dance style" required error={errors.dance_style?.message}>
            <select {...register('dance_style')}>
              <option value="">Choose a style</option>
              {DANCE_STYLES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Age group" required error={errors.age_group?.message}>
            <select {...register('age_group')}>
              {AGE_GROUPS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Level" required error={errors.level?.message}>
            <select {...register('level')}>
              {RESOURCE_LEVELS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Category" error={errors.category_id?.message} hint={categories.status === 'error' ? categories.message : undefined}>
            <select {...register('category_id', { setValueAs: categoryIdOf })}>
              <option value="">No category</option>
              {categoryList.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Price (USD)" required error={errors.price?.message} hint={`0 = free. ${shownPrice ? `Buyers pay: ${shownPrice}` : 'Dollars and cents, like 12.50'}`}>
            <input type="text" inputMode="decimal" autoComplete="off" {...register('price')} />
          </FormField>
        </div>
      </section>

      <section className="ca-panel ca-form" aria-labelledby="sl-pictures">
        <h2 id="sl-pictures" className="sl-section-title">
          Pictures
        </h2>
        <div className="field">
          <span className="sl-label">Cover image</span>
          <div className="sl-cover-row">
            <ImageDisplay className="sl-image" src={cover ?? null} fallbackSrc={DEFAULT_RESOURCE_IMAGE} alt={cover ? 'Cover image' : 'No cover yet: the default resource picture'} width={128} height={72} />
            <div style={{ flex: 1, minWidth: 'min(100%, 16rem)' }}>
              <FileUploader
                accept="image/*"
                fields={IMAGE_FIELDS}
                maxSizeMB={COURSE_IMAGE_MAX_SIZE_MB}
                label="Choose cover"
                onUploaded={(results) => {
                  const url = urlOf(results[0]?.response);
                  if (url) setValue('cover_image_url', url, { shouldDirty: true, shouldValidate: true });
                }}
              />
              {cover && (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setValue('cover_image_url', null, { shouldDirty: true })}>
                  Remove cover
                </button>
              )}
            </div>
          </div>
          {errors.cover_image_url?.message && <p className="field-error">{errors.cover_image_url.message}</p>}
        </div>
        <div className="field">
          <span className="sl-label">Preview images (optional, up to {PREVIEW_IMAGES_MAX})</span>
          {previews && previews.length > 0 && (
            <ul className="sl-images" aria-label="Preview images">
              {previews.map((url, i) => (
                <li key={url} className="sl-image">
                  <ImageDisplay src={url} alt={`Preview image ${i + 1}`} width={128} height={72} />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove preview image ${i + 1}`}
                    onClick={() =>
                      setValue(
                        'preview_image_urls',
                        previews.filter((u) => u !== url),
                        { shouldDirty: true },
                      )
                    }
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          {(previews?.length ?? 0) < PREVIEW_IMAGES_MAX && (
            <FileUploader
              multiple
              accept="image/*"
              fields={IMAGE_FIELDS}
              maxFiles={Math.min(MAX_RESOURCE_FILES, PREVIEW_IMAGES_MAX - (previews?.length ?? 0))}
              maxSizeMB={COURSE_IMAGE_MAX_SIZE_MB}
              label="Choose preview images"
              onUploaded={(results) => {
                const urls = results.map((r) => urlOf(r.response)).filter((u): u is string => !!u);
                setValue('preview_image_urls', [...(previews ?? []), ...urls].slice(0, PREVIEW_IMAGES_MAX), { shouldDirty: true, shouldValidate: true });
              }}
            />
          )}
          {errors.preview_image_urls && <p className="field-error">{errors.preview_image_urls.message ?? 'Check the preview images.'}</p>}
          <p className="hint">Pictures are saved with the form.</p>
        </div>
      </section>

      <section className="ca-panel ca-form" aria-labelledby="sl-files">
        <h2 id="sl-files" className="sl-section-title">
          Files ({files.length} of {MAX_RESOURCE_FILES})
        </h2>
        <p className="muted text-sm">
          What buyers download: one to five files of up to {RESOURCE_FILE_MAX_MB} MB each (PDF, Word, Excel, PowerPoint, text, CSV, pictures, audio, video, ZIP or RAR). PDFs are stamped with the buyer&apos;s name
          when downloaded. Files go up as soon as you press Upload{idRef.current === null ? '; the draft is saved first' : ''}.
        </p>
        {files.length > 0 && (
          <ul className="sl-files" aria-label="Files of the resource">
            {files.map((f) => (
              <li key={f.id} className="sl-file">
                <span className="sl-resource-name">
                  <span className="sl-file-name">{f.name}</span>
                  <span className="sl-sub">{fileDetails(f)}</span>
                </span>
                {asSeller && (
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={`Remove ${f.name}`} onClick={() => setRemoving(f)}>
                    Remove
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {!asSeller ? (
          <p className="muted text-sm">Only the seller changes a resource&apos;s files.</p>
        ) : room > 0 ? (
          <FileUploader
            multiple
            accept={RESOURCE_FILE_ACCEPT}
            maxFiles={room}
            maxSizeMB={RESOURCE_FILE_MAX_MB}
            label="Choose files"
            sendEach={async (file, onProgress) => {
              const id = await ensureSaved();
              const list = await uploadResourceFile(id, file, onProgress);
              if (list.length > 0) setFiles(list);
              await refresh(id);
            }}
          />
        ) : (
          <p className="muted">A resource holds at most {MAX_RESOURCE_FILES} files. Remove one to add another.</p>
        )}
      </section>

      {problem && (
        <p className="alert alert-error" role="alert">
          {problem}
        </p>
      )}
      <div className="sl-form-actions">
        <a className="btn btn-ghost" href={backHref}>
          {current ? 'Back to my resources' : 'Cancel'}
        </a>
        <button type="submit" className="btn btn-secondary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving...' : current && current.status !== 'draft' && current.status !== 'rejected' ? 'Save changes' : 'Save draft'}
        </button>
        {submittable && (
          <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void submitForReview()}>
            {busy === 'submit' ? 'Submitting...' : 'Submit for review'}
          </button>
        )}
      </div>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove ${removing?.name ?? 'the file'}?`}
        description={current?.status === 'published' ? 'Buyers will no longer get this file, and the resource goes back for review.' : 'The file is deleted from the resource.'}
        confirmLabel="Remove file"
        destructive
        onConfirm={async () => {
          if (!removing || idRef.current === null) return true;
          const result = await removeResourceFile(idRef.current, removing);
          if (result.ok) await refresh(idRef.current);
          return result.ok;
        }}
      />
    </form>
  );
}
