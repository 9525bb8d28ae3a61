/** Upload storage and checks (docs/domain.md "Uploads"); the endpoints are src/server/modules/uploads. */
export { LocalFileStore, newStorageKey, storageKeyOk, type FileStore } from './file-store';
export { S3FileStore, type S3Options } from './s3-store';
export { fileStoreFromConfig } from './store-from-config';
export { inspectUpload, sniffMime, type InspectedUpload } from './inspect';
export { pdfProblem } from './pdf';
