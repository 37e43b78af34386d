/** What other features and the app may use of this feature; its other files are its own. */
export { uploadRoutes } from './routes';
export { attachUploads, issueUpload, verifyUploadUrls } from './service';
export { sweepAbandonedUploads } from './sweep-abandoned-uploads';
