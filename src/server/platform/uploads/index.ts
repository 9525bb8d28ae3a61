/** Upload storage and checks (docs/domain.md "Uploads"); the endpoints are src/server/modules/uploads. */
export { LocalFileStore, newStorageKey, type FileStore } from './file-store';
export { inspectUpload, sniffMime, type InspectedUpload } from './inspect';
export { pdfProblem } from './pdf';
