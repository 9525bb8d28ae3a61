/*
 * The documents feature's public face (docs/architecture.md "Layers"): My page's two rows (the box
 * with its unread count, the exports) and the unread count itself. Routes import the screens' own
 * modules (DocumentBoxScreen, ExportScreen, AdminDocumentsScreen).
 */
export { DocumentsMenuLinks } from './DocumentsMenuLinks';
export { useUnreadDocuments } from './api';
