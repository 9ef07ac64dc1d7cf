/**
 * The web's one client of the server and its TanStack Query helpers. Imports no feature: how a failure is shown
 * is registered from outside (`setFailureHandler`).
 */
export { api, type ApiOptions, type ApiReply, uploadUserImage, type UploadKind, type UploadReply } from './client';
export { newIdempotencyKey } from './idempotency-key';
export { ApiError, ensureOk, failureCode } from './api-error';
export { apiQuery } from './api-query';
export { reportFailure, setFailureHandler, type FailureHandler } from './failure-handler';
export { queryClient } from './query-client';
export { type ApiMutationOptions, useApiCall, useApiMutation } from './useApiMutation';
