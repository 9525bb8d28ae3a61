/*
 * The back office's public face: the parts an area's own back-office screen uses (the reason
 * dialog every admin command asks for, the review queue's layout and decision bar, an uploaded image, the command
 * hook that refreshes the admin area and the audit log, the KYC status labels). An area's
 * back-office screens live in its feature (features/<area>/Admin*Screen.tsx); this folder keeps
 * the shell and the cross-area screens (users, audit, config) (docs/architecture.md "Where does X go").
 */
export { useAdminCommand } from './api';
export { QueueBody } from './QueueBody';
export { ReasonDialog } from './ReasonDialog';
export { ApplicantRow, ReviewCard, ReviewDecision, ReviewList, ReviewQueueScreen, StatusRow } from './ReviewQueue';
export { UploadImage } from './UploadImage';
export { KYC_TEXT } from './texts';
