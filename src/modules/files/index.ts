// What other modules and the layers above may use of files; the rest of the folder is its own.
// Other code imports the module only through this file (test/platform/core/boundaries.test.ts).
export { fileReferences, type FileReferences } from './rules.js';
export { uploadCustomerFileContent, UPLOAD_OPERATION } from './upload.js';
export type { CustomerFileRow } from './tables.js';
export { receiveWhole, UploadReceiver, type ReceivedUpload } from './receive.js';
