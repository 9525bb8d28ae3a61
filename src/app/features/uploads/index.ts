/*
 * The uploads feature (docs/architecture.md "The module template": shared/api/uploads.ts,
 * server/modules/uploads): the photo field of the KYC and deposit forms and the upload client the
 * support chat uses. Its public face: what other features import of it.
 *
 * Only static imports come through here: routes import their screens' own modules, and a chunk
 * loaded on demand is imported by its own module, so that importing this file never brings a
 * screen or a lazy chunk into the importer's chunk (docs/decisions/020-first-load-and-prerender.md).
 */
export { PhotoUpload } from './PhotoUpload';
export { compressPhoto, uploadFile, useUploadUrl } from './upload-client';
